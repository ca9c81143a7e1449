import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { i18n } from '@/i18n/i18n';
import { HTML_LANG, storeLanguage } from '@/i18n/languages';
import { selectLanguage } from '@/i18n/localeSlice';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';

/** Keeps i18next, <html lang> and local storage in step with the language in the store. */
function LanguageSync() {
  const language = useAppSelector(selectLanguage);
  useEffect(() => {
    storeLanguage(language);
    document.documentElement.lang = HTML_LANG[language];
    void i18n.changeLanguage(language);
  }, [language]);
  return null;
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <LanguageSync />
        {children}
      </I18nextProvider>
    </ReduxProvider>
  );
}
