import { preloadFonts } from '@/i18n/fonts';
import { i18n } from '@/i18n/i18n';
import type { Language } from '@/i18n/languages';
import { setLanguage } from '@/i18n/localeSlice';
import { useAppDispatch } from '@/lib/storeHooks';

/** What every language choice (navigation bar, drawer) does when the player picks a language. */
export function useChooseLanguage(): (language: Language) => void {
  const dispatch = useAppDispatch();
  return (language) => {
    // The fonts download alongside the texts, so the new language's first paint is in its own font.
    preloadFonts(language);
    // Load the texts first: switching before they arrive would suspend (blank) the whole page.
    void i18n.loadLanguages(language).then(() => dispatch(setLanguage(language)));
  };
}
