import { useTranslation } from 'react-i18next';
import { Typography } from '@/ui/Typography';
import { useContactLinks } from '@/ui/contactLinks';
import styles from './SupportLinks.module.css';

/** The agency's contact channels, for a player who wants help or to talk about their play. */
export function SupportLinks({ withTitle = true }: { withTitle?: boolean }) {
  const { t } = useTranslation();
  const links = useContactLinks().filter((link) => link.href);
  return (
    <nav aria-label={t('protection:support.title')}>
      {withTitle && <Typography.Text strong>{t('protection:support.title')}</Typography.Text>}
      <ul className={styles['support-links']}>
        {links.map((link) => (
          <li key={link.key}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
