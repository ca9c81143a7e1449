import { useTranslation } from 'react-i18next';
import styles from './AgencyUnavailablePage.module.css';

/** Full screen when the agency does not exist (agency info answered 404, docs/player-site.md §2). */
export function AgencyUnavailablePage() {
  const { t } = useTranslation('common');
  return (
    <main className={styles['agency-unavailable']}>
      <img src="/images/cannot-login.svg" alt="" width={240} height={180} />
      <h1 className={styles['agency-unavailable__title']}>{t('agencyUnavailable.title')}</h1>
      <p>{t('agencyUnavailable.apology')}</p>
    </main>
  );
}
