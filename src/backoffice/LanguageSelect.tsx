import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { rememberLanguage, type BackofficeLanguage } from './i18n';

/** Lao or English, remembered on this browser: on the sign-in and in the header. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Select<BackofficeLanguage>
      aria-label={t('language')}
      value={i18n.language as BackofficeLanguage}
      onChange={(language) => {
        rememberLanguage(language);
        document.documentElement.lang = language;
        void i18n.changeLanguage(language);
      }}
      options={[
        { value: 'lo', label: 'ລາວ' },
        { value: 'en', label: 'English' },
      ]}
    />
  );
}
