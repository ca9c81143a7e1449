import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/lib/storeHooks';
import { HTML_LANG, LANGUAGE_NAMES, LANGUAGES } from '@/i18n/languages';
import { selectLanguage } from '@/i18n/localeSlice';
import { MenuButton } from './MenuButton';
import { useChooseLanguage } from './useChooseLanguage';
import { SvgIcon } from '@/ui/SvgIcon';
import navbar from './Navbar.module.css';

/** ລາວ / ไทย / 中文 / Tiếng Việt; each name is written in its own language and tagged so. */
export function LanguageSwitcher() {
  const { t } = useTranslation('layout');
  const language = useAppSelector(selectLanguage);
  const choose = useChooseLanguage();

  return (
    <MenuButton
      className={navbar.navbar__action}
      ariaLabel={`${t('language.choose')}: ${LANGUAGE_NAMES[language]}`}
      items={LANGUAGES.map((lng) => ({
        key: lng,
        label: <span lang={HTML_LANG[lng]}>{LANGUAGE_NAMES[lng]}</span>,
        selected: lng === language,
        onSelect: () => choose(lng),
      }))}
    >
      <SvgIcon icon={GlobalOutlined} />{' '}
      <span className={navbar['navbar__lang-name']} lang={HTML_LANG[language]}>
        {LANGUAGE_NAMES[language]}
      </span>
    </MenuButton>
  );
}
