import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContactLinks } from '@/ui/contactLinks';
import styles from './ContactDrawer.module.css';
import '@build/antd/antd-drawer.css';

/** On phones the contact links slide up from the bottom; the close button is for keyboard and screen readers. */
export default function ContactDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const links = useContactLinks();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size="auto"
      closable={false}
      title={t('contact.title')}
    >
      <button type="button" className="visually-hidden-focusable" onClick={onClose}>
        {t('contact.close')}
      </button>
      <ul className={styles['contact-list']} aria-label={t('contact.title')}>
        {links.map((link) => (
          <li key={link.key}>
            <a href={link.href || undefined} target="_blank" rel="noopener noreferrer">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
