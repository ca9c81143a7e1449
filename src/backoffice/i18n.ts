import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import lo from './locales/lo.json';

export const BACKOFFICE_LANGUAGES = ['lo', 'en'] as const;
export type BackofficeLanguage = (typeof BACKOFFICE_LANGUAGES)[number];

const STORAGE_KEY = 'backoffice.language';

function storedLanguage(): BackofficeLanguage {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'en' ? 'en' : 'lo';
  } catch {
    return 'lo';
  }
}

export function rememberLanguage(language: BackofficeLanguage): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/**
 * The back office's texts: Lao (the default) and English, bundled with its code (a staff screen, so no
 * separate download), in an i18next instance of its own, apart from the player site's.
 */
export function createBackofficeI18n(language: BackofficeLanguage = storedLanguage()): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'lo',
    resources: { lo: { backoffice: lo }, en: { backoffice: en } },
    ns: ['backoffice'],
    defaultNS: 'backoffice',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
