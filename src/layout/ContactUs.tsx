import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button, Drawer, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetAgencyInfoQuery } from '@/api';
import { MOBILE_BAR_QUERY, useMediaQuery } from '@/lib/useMediaQuery';

const CHANNELS = ['whatsapp', 'line', 'facebook', 'telegram', 'twitter'] as const;
const CHANNEL_NAMES: Record<(typeof CHANNELS)[number], string> = {
  whatsapp: 'WhatsApp',
  line: 'Line',
  facebook: 'Facebook',
  telegram: 'Telegram',
  twitter: 'Twitter',
};

/** The agency's five social links (spec section 2). */
function useContactLinks() {
  const { data } = useGetAgencyInfoQuery();
  const social = data?.agency.social;
  return CHANNELS.map((channel) => ({ key: channel, name: CHANNEL_NAMES[channel], href: social?.[channel] ?? '' }));
}

export function ContactLinkList() {
  const { t } = useTranslation('layout');
  const links = useContactLinks();
  return (
    <ul className="contact-list" aria-label={t('contact.title')}>
      {links.map((link) => (
        <li key={link.key}>
          <a href={link.href || undefined} target="_blank" rel="noopener noreferrer">
            {link.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** On phones the contact links slide up from the bottom; the close button is for keyboard and screen readers. */
export function ContactDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size="auto"
      closable={false}
      title={t('contact.title')}
      destroyOnHidden
    >
      <button type="button" className="visually-hidden-focusable" onClick={onClose}>
        {t('contact.close')}
      </button>
      <ContactLinkList />
    </Drawer>
  );
}

/** Contact us in the navigation bar: a dropdown on desktop, the bottom drawer on phones. */
export function ContactUs({ onOpenMobile }: { onOpenMobile: () => void }) {
  const { t } = useTranslation('layout');
  const isMobile = useMediaQuery(MOBILE_BAR_QUERY);
  const links = useContactLinks();
  const label = t('contact.title');

  if (isMobile) {
    return <Button type="text" className="navbar__action" icon={<CustomerServiceOutlined />} aria-label={label} onClick={onOpenMobile} />;
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: links.map((link) => ({
          key: link.key,
          label: (
            <a href={link.href || undefined} target="_blank" rel="noopener noreferrer">
              {link.name}
            </a>
          ),
        })),
      }}
    >
      <Button type="text" className="navbar__action" icon={<CustomerServiceOutlined />}>
        {label}
      </Button>
    </Dropdown>
  );
}
