/**
 * What the browser and the server agree on about the pages rendered at build time (scripts/prerender.mjs):
 * the language they are rendered in, and the cookie in which the app tells the server the page's language,
 * so that only a browser in that language is sent them.
 */
export const PRERENDER_LANGUAGE = 'lo';
export const LANGUAGE_COOKIE = 'lang';
/** Where the app keeps the player's language choice (src/i18n/languages.ts). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/**
 * Runs in the <head> of every pre-rendered page, before its Lao markup is painted: a browser whose stored
 * language (localStorage, i18nextLng) is another one hides that markup until the app has drawn the page in
 * its language (app/global.css), and tells the server, whose next pages then fit it. Without the cookie (it
 * expired, or was never set) the server cannot know the stored language; this covers the first page.
 * Inline (no request before the first paint) and allowed by its hash in the server's CSP (security.ts).
 */
export const LANGUAGE_BOOT_SCRIPT =
  "try{var l=localStorage.getItem('" +
  LANGUAGE_STORAGE_KEY +
  "');" +
  // The languages other than PRERENDER_LANGUAGE (src/i18n/languages.ts); anything else is Lao.
  "if(l==='th'||l==='cn'||l==='vn'){" +
  "document.cookie='" +
  LANGUAGE_COOKIE +
  "='+l+'; path=/; max-age=31536000; samesite=lax';" +
  "document.documentElement.setAttribute('data-stored-language',l)}}catch(e){}";
