import { useTranslation } from 'react-i18next';
import { HTML_LANG } from '@/i18n/languages';
import styles from './AgencyUnavailablePage.module.css';

/**
 * Full screen when the agency does not exist (agency info answered 404, docs/player-site.md §2). The message
 * is the spec's Lao text in every language (Lao is the fallback language, so its texts are always loaded);
 * the apology follows the player's language.
 */
export function AgencyUnavailablePage() {
  const { t } = useTranslation('common');
  return (
    <main className={styles['agency-unavailable']}>
      <img src="/images/cannot-login.svg" alt="" width={240} height={180} />
      <h1 className={styles['agency-unavailable__title']} lang={HTML_LANG.lo}>
        {t('agencyUnavailable.title', { lng: 'lo' })}
      </h1>
      <p>{t('agencyUnavailable.apology')}</p>
    </main>
  );
}
