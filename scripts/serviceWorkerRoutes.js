/* global self, URLPattern -- a service worker script: its global is the worker. */
// Copied to dist/sw-routes.js by scripts/buildServiceWorker.mjs and loaded by dist/sw.js (importScripts).
//
// What the worker never answers goes to the network without it: Chrome's static routing (InstallEvent
// addRoutes) decides before the worker runs. Without these rules every API call of a controlled page, and
// every navigation to a form page, would wait for the worker to start and hear that it does not answer.
// Browsers without static routing ask the worker, which lets these requests through as before.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  const network = (pathname, requestMode) => ({
    condition: { urlPattern: new URLPattern({ pathname }), ...(requestMode ? { requestMode } : {}) },
    source: 'network',
  });
  const rules = [
    // The API, the sandbox bank and game studio, the API docs and the back office: never kept.
    network('/api/*'),
    network('/sandbox/*'),
    network('/studio/*'),
    network('/docs{/*}?'),
    network('/backoffice{/*}?'),
    // The form pages, rendered per request with the player's own answers (server/src/http/formPages.ts).
    // (One rule each: the browser takes no regular expression in a rule's pattern.)
    ...['deposit', 'withdraw', 'bank'].map((page) => network(`/player/${page}{/}?`, 'navigate')),
  ];
  // A browser that refuses a rule still installs the worker: it then asks the worker, as without rules.
  event.waitUntil(event.addRoutes(rules).catch(() => undefined));
});
