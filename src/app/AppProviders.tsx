import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { i18n } from '@/i18n/i18n';
import { HTML_LANG, storeLanguage, type Language } from '@/i18n/languages';
import { selectLanguage } from '@/i18n/localeSlice';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';
import { theme } from './theme';

// antd has no Lao locale: Thai is the closest language it ships. Loaded on demand per language.
const ANTD_LOCALES: Record<Language, () => Promise<{ default: Locale }>> = {
  lo: () => import('antd/es/locale/th_TH'),
  cn: () => import('antd/es/locale/zh_CN'),
  vn: () => import('antd/es/locale/vi_VN'),
};

const DAYJS_LOCALES: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  lo: { name: 'lo', load: () => import('dayjs/locale/lo') },
  cn: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  vn: { name: 'vi', load: () => import('dayjs/locale/vi') },
};

/** Keeps i18next, <html lang>, local storage, dayjs and antd in step with the language in the store. */
function LocaleProvider({ children }: { children: ReactNode }) {
  const language = useAppSelector(selectLanguage);
  const [antdLocale, setAntdLocale] = useState<Locale>();

  useEffect(() => {
    let current = true;
    storeLanguage(language);
    document.documentElement.lang = HTML_LANG[language];
    void i18n.changeLanguage(language);
    void DAYJS_LOCALES[language].load().then(() => {
      if (current) dayjs.locale(DAYJS_LOCALES[language].name);
    });
    void ANTD_LOCALES[language]().then((module) => {
      if (current) setAntdLocale(module.default);
    });
    return () => {
      current = false;
    };
  }, [language]);

  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <LocaleProvider>{children}</LocaleProvider>
      </I18nextProvider>
    </ReduxProvider>
  );
}
