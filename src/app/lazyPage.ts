import type { ComponentType } from 'react';
import { browser } from '@/lib/browser';

export const RELOAD_FLAG_KEY = 'page-module-reloaded';

type PageModule = { default: ComponentType };

export interface LazyPage {
  /**
   * The page's chunk group, as its import names it (webpackChunkName): a page rendered on the server names
   * the group's files with the app's scripts (src/prerender/render.tsx, pageScripts).
   */
  chunk: string;
  /** Loads the page module (cached after the first call). */
  load: () => Promise<PageModule>;
}

/**
 * A route's page module, loaded on demand. When a chunk fails to load (typically a new deploy removed the
 * old hashed file) the page reloads once to pick up the new index.html; the session flag stops a loop.
 */
export function lazyPage(chunk: string, importer: () => Promise<PageModule>): LazyPage {
  let pending: Promise<PageModule> | undefined;
  const load = () => {
    pending ??= importer().then(
      (module) => {
        // Absent where pages are rendered at build time (scripts/prerender.mjs).
        globalThis.sessionStorage?.removeItem(RELOAD_FLAG_KEY);
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        if (!sessionStorage.getItem(RELOAD_FLAG_KEY)) {
          sessionStorage.setItem(RELOAD_FLAG_KEY, '1');
          browser.reload();
          // Never settles: the page is going away, so show the loading screen until it does.
          return new Promise<PageModule>(() => {});
        }
        throw error;
      },
    );
    return pending;
  };
  return { chunk, load };
}
