import { useTranslation } from 'react-i18next';
import { usePendingIndicator } from './usePendingIndicator';
import styles from './RouteLoading.module.css';

/** The brand logo and a spinner while a route is pending, shown only when it takes over a second. */
export function RouteLoading({ active }: { active: boolean }) {
  const { t } = useTranslation('layout');
  const visible = usePendingIndicator(active);
  if (!visible) return null;
  return (
    <div className={styles['route-loading']} role="status" aria-label={t('loading')}>
      <img src="/images/logo.svg" alt="" width={160} height={48} />
      <span className={styles.spinner} aria-hidden />
    </div>
  );
}
