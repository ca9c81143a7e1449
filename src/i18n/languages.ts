import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY as STORAGE_KEY } from '@core/prerender';

/**
 * Interface languages (docs/player-site.md §1): lo is the default; the choice is kept under i18nextLng.
 * In the order every language choice lists them: Lao and Thai first.
 */
export const LANGUAGES = ['lo', 'th', 'cn', 'vn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'lo';
export const LANGUAGE_STORAGE_KEY = STORAGE_KEY;

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  lo: 'ລາວ',
  th: 'ไทย',
  cn: '中文',
  vn: 'Tiếng Việt',
};

/** BCP 47 tags for <html lang>: the app's short codes cn and vn are not valid language tags. */
export const HTML_LANG: Record<Language, string> = { lo: 'lo', th: 'th', cn: 'zh-Hans', vn: 'vi' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE; // Storage can be disabled (private mode): fall back silently.
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisting the choice is acceptable; the page still switches language.
  }
  shareLanguageWithServer(language);
}

/**
 * The pages rendered at build time are in Lao: the server sends them only to a browser whose language is
 * Lao, so a Chinese player is never shown Lao first. Not personal data, readable by the server only for this.
 */
export function shareLanguageWithServer(language: Language): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}
