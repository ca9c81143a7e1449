/* global self, URLPattern -- a service worker script: its global is the worker. */
// Copied to dist/sw-routes.js by scripts/buildServiceWorker.mjs and loaded by dist/sw.js (importScripts).
//
// What the worker never answers goes to the network without it: Chrome's static routing (InstallEvent
// addRoutes) decides before the worker runs. Without these rules every API call of a controlled page, and
// every navigation to a form page, would wait for the worker to start and hear that it does not answer.
// Browsers without static routing ask the worker, which lets these requests through as before.
//
// The rules name what is the player site's, not what is not: the API, the sandbox bank and game studio,
// the API docs and any other app this origin serves fall outside this list, so the player site's files
// need not name them (docs/architecture.md, Service worker). The caching rules of sw.js
// (scripts/buildServiceWorker.mjs) match only requests inside it: a request outside never reaches them.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  const pattern = (pathname) => ({ urlPattern: new URLPattern({ pathname }) });
  const ours = [
    // The pages of the route table (src/app/routes.tsx); the sandbox bank is the sandbox's, never kept.
    '/',
    '/login{/}?',
    '/register{/}?',
    '/games{/*}?',
    '/player{/*}?',
    // The build's files: the scripts, stylesheets, worker and manifest beside index.html, the fonts,
    // texts, pictures and artwork.
    '/:name.:extension',
    '/assets/*',
    '/locales/*',
    '/images/*',
    '/icons/*',
    '/promotions/*',
  ];
  const rules = [
    // The form pages, rendered per request with the player's own answers (server/src/http/formPages.ts).
    // (One rule each: the browser takes no regular expression in a rule's pattern.)
    ...['deposit', 'withdraw', 'bank'].map((page) => ({
      condition: { ...pattern(`/player/${page}{/}?`), requestMode: 'navigate' },
      source: 'network',
    })),
    // Everything that is not the player site's: never kept, never answered by the worker.
    { condition: { not: { or: ours.map(pattern) } }, source: 'network' },
  ];
  // A browser that refuses a rule still installs the worker: it then asks the worker, as without rules.
  event.waitUntil(event.addRoutes(rules).catch(() => undefined));
});
