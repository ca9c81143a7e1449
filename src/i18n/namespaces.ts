/** The app's text namespaces, one file each under public/locales/{lng}/. Every one is needed at start. */
export const NAMESPACES = [
  'common',
  'layout',
  'auth',
  'errors',
  'money',
  'promotion',
  'protection',
  'account',
] as const;

/**
 * Where a language's texts are fetched from: /locales/{lng}/{ns}.json with every namespace in one request,
 * i18next's multi-namespace form ({ns} = "common+layout+…"), answered with { namespace: texts }. The
 * build writes that file beside the single ones (webpack.config.ts); on a phone's link, one request
 * instead of eight saves a round trip or more before the page is live.
 */
export function textsPath(language: string): string {
  return `/locales/${language}/${NAMESPACES.join('+')}.json`;
}
