import ArrowUpOutlined from '@ant-design/icons-svg/es/asn/ArrowUpOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './ScrollToTop.module.css';

/** docs/player-site.md §9: the button appears once the page has scrolled more than 500 px. */
export const SCROLL_THRESHOLD_PX = 500;

export function ScrollToTop() {
  const { t } = useTranslation('layout');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_THRESHOLD_PX);
    // Read in the next frame, where the browser lays the page out anyway: read here, right after the page
    // is taken over, it would lay out the whole page inside that task.
    const first = requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener('scroll', update);
    };
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles['scroll-to-top']}
      aria-label={t('scrollToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <SvgIcon icon={ArrowUpOutlined} />
    </button>
  );
}
