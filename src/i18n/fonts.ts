import laoBold from '@fontsource/noto-sans-lao/files/noto-sans-lao-lao-700-normal.woff2';
import laoRegular from '@fontsource/noto-sans-lao/files/noto-sans-lao-lao-400-normal.woff2';
import thaiBold from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff2';
import thaiRegular from '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2';
import type { Language } from './languages';

/** The web font files of each language's script (src/app/fonts.css); Chinese and Vietnamese use the system's. */
const FONT_FILES: Record<Language, readonly string[]> = {
  lo: [laoRegular, laoBold],
  th: [thaiRegular, thaiBold],
  cn: [],
  vn: [],
};

/** The web font faces of each language's script, as src/app/fonts.css declares them, with a letter of it. */
const FONT_FACES: Record<Language, readonly string[]> = {
  lo: ['400 1em "Noto Sans Lao"', '700 1em "Noto Sans Lao"'],
  th: ['400 1em "Noto Sans Thai"', '700 1em "Noto Sans Thai"'],
  cn: [],
  vn: [],
};
const SAMPLE: Record<Language, string> = { lo: 'ກ', th: 'ก', cn: '', vn: '' };

/**
 * As the page starts in a language, its fonts are asked for through the document's font set rather than
 * preloaded: a page drawn by the app (any but Lao, which index.html preloads) may lay its text out more
 * than a few seconds after the load event on a slow phone, and a preload unused by then is reported by
 * the browser as wasted, though the font is used as soon as the text is drawn.
 */
export function loadFontsEarly(language: Language): void {
  const fonts = (document as Document & { fonts?: FontFaceSet }).fonts;
  if (!fonts) return;
  for (const face of FONT_FACES[language]) void fonts.load(face, SAMPLE[language]).catch(() => undefined);
}

/**
 * Starts downloading a language's fonts at once. Left to itself, the browser asks for a font only once text
 * in its script is laid out, i.e. after the texts and the page's code: a round trip later, with the text
 * first painted in a fallback font. index.html preloads Lao already (the default language, and the
 * language of the pre-rendered pages); a file already preloaded is not asked for twice.
 */
export function preloadFonts(language: Language): void {
  const preloaded = new Set(
    [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('href')),
  );
  for (const href of FONT_FILES[language]) {
    if (preloaded.has(href)) continue;
    const link = document.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', 'font');
    link.setAttribute('type', 'font/woff2');
    // Fonts are fetched in CORS mode: a preload without it would not be reused.
    link.setAttribute('crossorigin', 'anonymous');
    link.setAttribute('href', href);
    document.head.append(link);
  }
}
