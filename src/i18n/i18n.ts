import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadFontsEarly } from './fonts';
import { createLocaleBundleBackend } from './localeBundle';
import { DEFAULT_LANGUAGE, LANGUAGES, readStoredLanguage } from './languages';
import { NAMESPACES } from './namespaces';

const shared = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes already.
  returnNull: false,
} as const;

/** The browser loads only the chosen language's texts, in one request (./namespaces.ts), and its fonts. */
export function initI18n(): Promise<unknown> {
  const language = readStoredLanguage();
  loadFontsEarly(language);
  return i18next
    .use(createLocaleBundleBackend())
    .use(initReactI18next)
    .init({
      ...shared,
      lng: language,
      react: { useSuspense: true },
    });
}

/** Tests pass every text up front so the first render is already translated. */
export function initI18nWithResources(resources: Resource): I18n {
  void i18next.use(initReactI18next).init({
    ...shared,
    lng: readStoredLanguage(),
    resources,
    initAsync: false,
    react: { useSuspense: false },
  });
  return i18next;
}

export { i18next as i18n };
