import { useTranslation } from 'react-i18next';

/** Full screen when the agency does not exist (agency info answered 404, spec section 2). */
export function AgencyUnavailablePage() {
  const { t } = useTranslation('common');
  return (
    <main className="agency-unavailable">
      <img src="/images/cannot-login.svg" alt="" width={240} height={180} />
      <h1 className="agency-unavailable__title">{t('agencyUnavailable.title')}</h1>
      <p>{t('agencyUnavailable.apology')}</p>
    </main>
  );
}
