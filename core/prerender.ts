/**
 * What the browser and the server agree on about the pages rendered at build time (scripts/prerender.mjs):
 * the language they are rendered in, and the cookie in which the app tells the server the page's language,
 * so that only a browser in that language is sent them.
 */
export const PRERENDER_LANGUAGE = 'lo';
export const LANGUAGE_COOKIE = 'lang';
