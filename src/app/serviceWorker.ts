/**
 * Registers the service worker scripts/buildServiceWorker.mjs writes into production builds (dist/sw.js),
 * so a repeat visit paints without the network (docs/architecture.md, Service worker).
 *
 * Only in production builds: the dev server has no sw.js, and a worker kept from a production visit of the
 * same origin would answer the dev server's pages from its caches. Never under Jest (NODE_ENV is "test" and
 * jsdom has no navigator.serviceWorker), so it never meets MSW's request interception.
 * Registered a few seconds after `load`, at an idle moment: on a slow link the page's own lazy chunks and
 * API calls are still arriving at `load`, and the worker's install downloads must not queue before them.
 */
const AFTER_LOAD_MS = 3000;

export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    // A failed registration (private mode, storage full) leaves the site working from the network.
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  };
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 10_000 });
      else register();
    }, AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
