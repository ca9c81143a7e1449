// The one script a page rendered at build time names (scripts/prerender.mjs): it asks for the app's own
// scripts only once the page is on screen. Named in <head>, those would download while the page's text,
// styles and font still do, and on a slow link the first paint would wait behind them.

const sources = (document.currentScript?.dataset.app ?? '').split(' ').filter(Boolean);
let started = false;

/**
 * Scripts inserted per task. Inserting a script costs a slow phone a few milliseconds, and a page with its
 * chunks names twenty or more: all at once held the main thread for about 100 ms right after the paint.
 */
const SCRIPTS_PER_TASK = 4;

function insertScripts(from: number): void {
  for (const src of sources.slice(from, from + SCRIPTS_PER_TASK)) {
    const script = document.createElement('script');
    script.src = src;
    // Inserted scripts run as each arrives unless told to keep their order (across tasks too): runtime,
    // libraries, app, then the page's own.
    script.async = false;
    document.head.append(script);
  }
  if (from + SCRIPTS_PER_TASK < sources.length) setTimeout(() => insertScripts(from + SCRIPTS_PER_TASK), 0);
}

function loadApp(): void {
  if (started) return;
  started = true;
  insertScripts(0);
}

/** Longest wait for the first paint (a page whose text waits for its font may paint late). */
const PAINT_WAIT_MS = 1000;

function afterFirstPaint(): void {
  try {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      loadApp();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the frame after the next one has been painted.
    requestAnimationFrame(() => requestAnimationFrame(loadApp));
  }
  setTimeout(loadApp, PAINT_WAIT_MS);
}

if (document.visibilityState === 'hidden') {
  // A tab opened in the background paints no frame until shown: nothing to wait for.
  loadApp();
} else {
  afterFirstPaint();
  document.addEventListener('visibilitychange', loadApp, { once: true });
}
