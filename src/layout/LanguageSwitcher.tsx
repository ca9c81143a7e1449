import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { HTML_LANG, LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@/i18n/languages';
import { selectLanguage, setLanguage } from '@/i18n/localeSlice';

/** Lao / 中文 / Tiếng Việt; each name is written in its own language and tagged so. */
export function LanguageSwitcher() {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lng) => ({ key: lng, label: <span lang={HTML_LANG[lng]}>{LANGUAGE_NAMES[lng]}</span> })),
        onClick: ({ key }) => {
          if (isLanguage(key)) dispatch(setLanguage(key));
        },
      }}
    >
      <Button type="text" className="navbar__action" icon={<GlobalOutlined />} aria-label={t('language.choose')}>
        <span lang={HTML_LANG[language]}>{LANGUAGE_NAMES[language]}</span>
      </Button>
    </Dropdown>
  );
}
