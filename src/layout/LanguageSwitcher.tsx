import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/lib/storeHooks';
import { i18n } from '@/i18n/i18n';
import { HTML_LANG, LANGUAGE_NAMES, LANGUAGES } from '@/i18n/languages';
import { selectLanguage, setLanguage } from '@/i18n/localeSlice';
import { MenuButton } from './MenuButton';
import { SvgIcon } from '@/ui/SvgIcon';
import navbar from './Navbar.module.css';

/** Lao / 中文 / Tiếng Việt; each name is written in its own language and tagged so. */
export function LanguageSwitcher() {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);

  return (
    <MenuButton
      className={navbar.navbar__action}
      ariaLabel={`${t('language.choose')}: ${LANGUAGE_NAMES[language]}`}
      items={LANGUAGES.map((lng) => ({
        key: lng,
        label: <span lang={HTML_LANG[lng]}>{LANGUAGE_NAMES[lng]}</span>,
        selected: lng === language,
        // Load the texts first: switching before they arrive would suspend (blank) the whole page.
        onSelect: () => void i18n.loadLanguages(lng).then(() => dispatch(setLanguage(lng))),
      }))}
    >
      <SvgIcon icon={GlobalOutlined} />{' '}
      <span className={navbar['navbar__lang-name']} lang={HTML_LANG[language]}>
        {LANGUAGE_NAMES[language]}
      </span>
    </MenuButton>
  );
}
