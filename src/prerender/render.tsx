// Build-time rendering of the public pages (scripts/prerender.mjs): the same components as the browser,
// rendered once in Lao for a phone-sized viewport, so the first paint needs no JavaScript. The browser then
// hydrates it (see main.tsx); nothing here runs in the browser.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { Resource } from 'i18next';
import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { createAppRoutes } from '@/app/router';
import { PAGE_ROUTES, type Access } from '@/app/routes';
import { createAppStore } from '@/app/store';
import { applyPageSeeds, pageSeedBlock, type PageSeed } from '@/api';
import { initI18nWithResources } from '@/i18n/i18n';
import { LANGUAGE_BOOT_SCRIPT } from '@core/prerender';
import { firstPaintStyles } from './firstPaintStyles';

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /**
   * antd's styles for what was rendered (the rules its markup uses), as <style> elements for <head>, and the
   * answers it was rendered with.
   */
  head: string;
}

/** Sets the texts once, synchronously: a pre-render must not wait on the network. */
export function setTexts(resources: Resource): void {
  initI18nWithResources(resources);
}

/**
 * The pages rendered at build time: every page with a fixed address. A player page (or a page open to
 * anyone) is rendered as its first paint looks before any answer has come: the shell, the page's title and
 * its loading state, with nobody's data, so the same file serves every player. Pages whose address carries
 * an id (one game, one promotion) are left to the browser.
 */
export function prerenderedPaths(): { path: string; access: Access }[] {
  return PAGE_ROUTES.filter((route) => !route.path.includes(':')).map(({ path, access }) => ({
    path,
    access,
  }));
}

/**
 * Renders a page as the browser's first render will draw it. At build time with no data (`seeds` empty); by
 * the server per request for a page rendered with its public answers (server/src/http/pageRender.ts).
 */
export async function renderPage(url: string, seeds: readonly PageSeed[] = []): Promise<RenderedPage> {
  // A /player page is rendered as the guard renders it for a session (the server sends it only with one).
  const handler = createStaticHandler(createAppRoutes(undefined, true));
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} redirects (${context.status}): not pre-rendered`);
  // A page that fails here would be served as an error page: fail the build instead.
  if (context.errors) throw Object.values(context.errors)[0];
  const router = createStaticRouter(handler.dataRoutes, context);
  const store = createAppStore();
  await applyPageSeeds(store.dispatch, seeds);
  const cache = createCache();
  // The same tree as main.tsx renders, so the browser can hydrate this markup rather than replace it.
  const html = renderToString(
    <StyleProvider cache={cache}>
      <StrictMode>
        <AppProviders store={store}>
          <Suspense fallback={null}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Suspense>
        </AppProviders>
      </StrictMode>
    </StyleProvider>,
  );
  const styles = firstPaintStyles(extractStyle(cache), html);
  return { html, head: styles + (seeds.length > 0 ? pageSeedBlock(seeds) : '') };
}

/**
 * The whole page: the rendered markup in the template's empty root, marked with its address (main.tsx
 * hydrates a marked root), and its head added. Used by the build and by the server's per-request renderer.
 */
export function pageDocument(template: string, url: string, { html, head }: RenderedPage): string {
  return template
    .replace(/<div id="?root"?><\/div>/, () => `<div id="root" data-prerendered="${url}">${html}</div>`)
    .replace('<head>', () => `<head><script>${LANGUAGE_BOOT_SCRIPT}</script>`)
    .replace('</head>', () => `${head}</head>`);
}
