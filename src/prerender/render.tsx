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
import { createAppStore } from '@/app/store';
import { initI18nWithResources } from '@/i18n/i18n';

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** antd's styles for what was rendered, as <style> elements for <head>. */
  styles: string;
}

/** Sets the texts once, synchronously: a pre-render must not wait on the network. */
export function setTexts(resources: Resource): void {
  initI18nWithResources(resources);
}

export async function renderPage(url: string): Promise<RenderedPage> {
  const handler = createStaticHandler(createAppRoutes());
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} redirects (${context.status}): not pre-rendered`);
  // A page that fails here would be served as an error page: fail the build instead.
  if (context.errors) throw Object.values(context.errors)[0];
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache();
  // The same tree as main.tsx renders, so the browser can hydrate this markup rather than replace it.
  const html = renderToString(
    <StyleProvider cache={cache}>
      <StrictMode>
        <AppProviders store={createAppStore()}>
          <Suspense fallback={null}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Suspense>
        </AppProviders>
      </StrictMode>
    </StyleProvider>,
  );
  return { html, styles: extractStyle(cache) };
}
