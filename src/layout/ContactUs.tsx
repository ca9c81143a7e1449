import CustomerServiceOutlined from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import { useTranslation } from 'react-i18next';
import { MOBILE_BAR_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { useContactLinks } from '@/ui/contactLinks';
import { MenuButton } from './MenuButton';
import { SvgIcon } from '@/ui/SvgIcon';
import navbar from './Navbar.module.css';

/** Contact us in the navigation bar: a dropdown on desktop, the bottom drawer on phones (docs/player-site.md §2). */
export function ContactUs({ onOpenMobile }: { onOpenMobile: () => void }) {
  const { t } = useTranslation('layout');
  const isMobile = useMediaQuery(MOBILE_BAR_QUERY);
  const links = useContactLinks();
  const label = t('contact.title');

  if (isMobile) {
    return (
      <button type="button" className={navbar.navbar__action} aria-label={label} onClick={onOpenMobile}>
        <SvgIcon icon={CustomerServiceOutlined} />
      </button>
    );
  }
  return (
    <MenuButton
      className={navbar.navbar__action}
      items={links.map((link) => ({ key: link.key, label: link.name, href: link.href }))}
    >
      <SvgIcon icon={CustomerServiceOutlined} /> {label}
    </MenuButton>
  );
}
