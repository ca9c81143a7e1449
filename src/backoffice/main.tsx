import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { antdLao } from '@/i18n/antdLao';
import { App } from './App';
import { createBackofficeI18n } from './i18n';
import { createBackofficeStore } from './store';
import { backofficeTheme } from './theme';

/**
 * The back office's entry (its own webpack build, served at /backoffice): nothing of it is in the player
 * site's bundle, and nothing of the player site's app shell is in it.
 */
function Root({ i18n }: { i18n: ReturnType<typeof createBackofficeI18n> }) {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const changed = (next: string) => setLanguage(next);
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [i18n]);
  return (
    <ConfigProvider locale={language === 'en' ? enUS : antdLao} theme={backofficeTheme}>
      <AntApp>
        <App />
      </AntApp>
    </ConfigProvider>
  );
}

export function mountBackoffice(container: HTMLElement) {
  const i18n = createBackofficeI18n();
  document.documentElement.lang = i18n.language;
  const store = createBackofficeStore();
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <BrowserRouter basename="/backoffice">
            <Root i18n={i18n} />
          </BrowserRouter>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) mountBackoffice(root);
