// Last step of `npm run build` (after scripts/prerender.mjs, whose pages a webpack plugin would not see):
// writes dist/sw.js, the service worker src/app/serviceWorker.ts registers, with Workbox's generateSW, and
// its Workbox runtime (dist/workbox-<hash>.js). What it caches and never caches: docs/architecture.md
// (Service worker). The functions under runtimeCaching are copied into sw.js as source text: they may
// use only their arguments, no constant of this file.
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSW } from 'workbox-build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

/**
 * What the first paint needs, as dist/index.html names it: the runtime, vendor and main scripts, the one
 * stylesheet and the preloaded Lao fonts. Read from the built page, so a renamed chunk is followed.
 */
function entryFiles() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="?\/([^"\s>]+\.(?:js|css|woff2))(?=["\s>])/g)].map(
    (m) => m[1],
  );
  if (!files.some((file) => file.startsWith('main.'))) throw new Error('dist/index.html names no main.*.js');
  return files;
}

// The requests the worker never answers, routed to the network before it starts (scripts/serviceWorkerRoutes.js).
copyFileSync(path.join(root, 'scripts', 'serviceWorkerRoutes.js'), path.join(dist, 'sw-routes.js'));

const { count, size, warnings } = await generateSW({
  swDest: path.join(dist, 'sw.js'),
  importScripts: ['sw-routes.js'],
  globDirectory: dist,
  // Precached at install: the shell's own files and the Lao texts, the default language. Every lazy page
  // chunk is not: players pay for mobile data, so a chunk is kept only once a visit has needed it (below).
  globPatterns: [
    ...entryFiles(),
    // Both scripts' fonts (src/app/fonts.css): Thai players are the second audience.
    'assets/noto-sans-{lao,thai}-*.woff2',
    'images/logo.svg',
    'favicon.svg',
    // The Lao texts as the app reads them: every namespace in one file (src/i18n/namespaces.ts).
    'locales/lo/*+*.json',
  ],
  // Webpack's content hash is in the name: Workbox needs no revision of its own for these.
  dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
  maximumFileSizeToCacheInBytes: 1024 * 1024,
  // A new deploy's worker takes over at once (sw.js is served with Cache-Control: no-cache) and the
  // previous deploy's precache is deleted.
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  // The page's own request starts while the worker boots, instead of after it.
  navigationPreload: true,
  sourcemap: false,
  // Each rule matches only the player site's own requests, the paths scripts/serviceWorkerRoutes.js lists
  // (a rule reaching beyond them would never be asked where the browser routes statically). NEVER cached,
  // as outside every rule: the API (players share phones, so balances, deposits and personal data must
  // never sit in a cache; the server also sends no-store), the sandbox bank and game studio, the API docs
  // and any other app this origin serves, which the player site's files do not name (docs/backoffice.md).
  // The worker does not answer them at all: the browser fetches them as if there were no worker. (Each rule
  // is written out in full: Workbox copies these functions into sw.js as text, so they cannot share a
  // helper.)
  runtimeCaching: [
    {
      // Pages: NetworkFirst, not StaleWhileRevalidate. The HTML names the deploy's hashed chunks: a page
      // kept from the previous deploy would ask for chunks the server no longer has, so a reachable server
      // always answers; the kept copy paints when the network is down or slower than 2 s. The page differs
      // by whether a session cookie was sent (server/src/http/static.ts: visitors get a visitor page, players
      // a player page, some rendered with public data only), so the kept copy may be either: both are safe,
      // as neither holds any player data, and the app sends each to the right place once it knows the session.
      // The form pages (deposit, withdraw, bank) are rendered per request with one player's answers
      // (server/src/http/formPages.ts): never kept, like the API.
      urlPattern: ({ request, url }) =>
        request.mode === 'navigate' &&
        /^\/(?:(?:login|register)\/?|(?:games|player)(?:\/.*)?)?$/.test(url.pathname) &&
        !/^\/player\/(deposit|withdraw|bank)\/?$/.test(url.pathname),
      handler: 'NetworkFirst',
      options: {
        cacheName: 'pages',
        networkTimeoutSeconds: 2,
        expiration: { maxEntries: 20 },
        cacheableResponse: { statuses: [200] },
      },
    },
    {
      // Lazy chunks and other hashed files, beside index.html or (fonts) in assets/: a name never changes
      // content, so the cache answers first. A deploy leaves the old chunks behind: the oldest go beyond 60.
      urlPattern: ({ url, sameOrigin }) =>
        sameOrigin && /^\/(?:assets\/)?[^/]+\.[0-9a-f]{10}\.(js|css|woff2)$/.test(url.pathname),
      handler: 'CacheFirst',
      options: {
        cacheName: 'chunks',
        expiration: { maxEntries: 60, purgeOnQuotaError: true },
        cacheableResponse: { statuses: [200] },
      },
    },
    {
      // Texts of the other languages (Lao is precached): shown from the cache, refreshed behind.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/locales/'),
      handler: 'StaleWhileRevalidate',
      options: {
        cacheName: 'locales',
        expiration: { maxEntries: 40 },
        cacheableResponse: { statuses: [200] },
      },
    },
    {
      // Game and promotion artwork: the home page and the lobby paint offline with their pictures.
      urlPattern: ({ url, sameOrigin }) =>
        sameOrigin &&
        /^\/(?:(?:images|icons|games|promotions)\/.+|[^/]+)\.(svg|png|jpe?g|webp)$/.test(url.pathname),
      handler: 'StaleWhileRevalidate',
      options: {
        cacheName: 'images',
        expiration: { maxEntries: 80, purgeOnQuotaError: true },
        cacheableResponse: { statuses: [200] },
      },
    },
  ],
});

for (const warning of warnings) console.warn(`service worker: ${warning}`);
console.log(`service worker: dist/sw.js precaches ${count} files (${Math.round(size / 1024)} KB)`);
