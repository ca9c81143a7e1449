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
import { findPageRoute, PAGE_ROUTES, type Access } from '@/app/routes';
import { createAppStore } from '@/app/store';
import { api, applyPageSeeds, pageSeedBlock, type PageSeed } from '@/api';
import { i18n, initI18nWithResources } from '@/i18n/i18n';
import { HTML_LANG, type Language } from '@/i18n/languages';
import { setLanguage } from '@/i18n/localeSlice';
import { formPostBlock, formPostReceived } from '@/ui/form/formPostState';
import { serverParts } from '@/ui/serverParts';
import { START_STEPS } from '@/app/startSteps';
import { ANTD_CHUNK } from '@/ui/WithAntd';
import { LANGUAGE_BOOT_SCRIPT } from '@core/prerender';
import { QRCode } from 'antd';
import { firstPaintStyles } from './firstPaintStyles';
import { pageQueries, type LiveRequest } from './pageQueries';

export type { LiveRequest } from './pageQueries';

// The QR of an open deposit, drawn here for a browser without the app (src/features/deposit/DepositWithoutApp.tsx).
serverParts.qr = (text, label) => (
  <QRCode type="svg" value={text} size={220} bordered={false} aria-label={label} role="img" />
);

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

/** Chunk group → its script files (webpack.config.ts, PageChunksPlugin). */
let pageChunks: Readonly<Record<string, readonly string[]>> | undefined;

/** The build's chunk groups, set once by whoever renders (scripts/prerender.mjs, the server). */
export function setPageChunks(groups: Readonly<Record<string, readonly string[]>>): void {
  pageChunks = groups;
}

/** A chunk group's own file: the one webpack names after the group (webpack.config.ts, output names). */
const ownFile = (group: string, file: string) => file.startsWith(`/${group}.`);

function groupFiles(group: string, url: string): readonly string[] {
  const files = pageChunks?.[group];
  if (!files) throw new Error(`The build has no chunk group ${group} (webpackChunkName) for ${url}`);
  return files;
}

/**
 * The scripts a page needs beyond the app's own (its page's chunk group, and antd's when it uses antd),
 * and the start steps its code contains: a step whose files, but for its own small one, are all among them.
 */
function pageScripts(url: string): { scripts: string[]; steps: string[] } {
  const route = findPageRoute(url);
  if (!route || !pageChunks || Object.keys(pageChunks).length === 0) return { scripts: [], steps: [] };
  const groups = route.withoutAntd ? [route.page.chunk] : [ANTD_CHUNK, route.page.chunk];
  const scripts = new Set(groups.flatMap((group) => groupFiles(group, url)));
  const steps = START_STEPS.filter(({ chunk }) =>
    groupFiles(chunk, url).every((file) => scripts.has(file) || ownFile(chunk, file)),
  ).map(({ chunk }) => chunk);
  for (const step of steps) for (const file of groupFiles(step, url)) scripts.add(file);
  return { scripts: [...scripts], steps };
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
  const store = createAppStore();
  const release = await applyPageSeeds(store.dispatch, seeds);
  try {
    const { html, styles } = await renderTree('lo', store, handler, context);
    return { html, head: styles + (seeds.length > 0 ? pageSeedBlock(seeds) : '') };
  } finally {
    release();
  }
}

type StaticHandler = ReturnType<typeof createStaticHandler>;

/**
 * The same tree as main.tsx renders, so the browser can hydrate this markup rather than replace it, and
 * antd's styles for what it drew.
 */
function renderTreeOnce(
  store: ReturnType<typeof createAppStore>,
  handler: StaticHandler,
  context: Exclude<Awaited<ReturnType<StaticHandler['query']>>, Response>,
): { html: string; styles: string } {
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache();
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
  return { html, styles: firstPaintStyles(extractStyle(cache), html) };
}

/** The marker of a Suspense boundary the server left to the browser: it would render that part again. */
const LEFT_TO_THE_BROWSER = '<!--$!-->';

/**
 * renderTreeOnce, until no boundary is left to the browser. A component loaded on demand (lazy) that this
 * process meets for the first time suspends, and renderToString writes its boundary's fallback; the
 * browser then renders that part again (the first form page after a start did). Its module is in by the
 * next turn of the event loop: the page is rendered again then. Each attempt is rendered synchronously in
 * `language`, set just before it: no other request's render can change the language during one.
 */
async function renderTree(
  language: Language,
  ...args: Parameters<typeof renderTreeOnce>
): Promise<{ html: string; styles: string }> {
  for (let attempt = 1; ; attempt++) {
    void i18n.changeLanguage(language);
    const rendered = renderTreeOnce(...args);
    if (!rendered.html.includes(LEFT_TO_THE_BROWSER) || attempt === 5) return rendered;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Renders a page of the way to a first deposit and withdrawal for one request, with the player's own
 * answers (credit, limits, banks, the open order) fetched by the app's own queries from the server, in the
 * player's language, with its forms ready to post. The answers and the form state are written into the page,
 * so the app takes it over as drawn. Never kept: it holds one player's data.
 */
export async function renderLivePage(url: string, request: LiveRequest): Promise<RenderedPage> {
  const handler = createStaticHandler(createAppRoutes(undefined, true));
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} redirects (${context.status})`);
  if (context.errors) throw Object.values(context.errors)[0];
  const store = createAppStore(undefined, { serverFetch: request.fetch });
  store.dispatch(setLanguage(request.language));
  store.dispatch(formPostReceived(request.formPost));
  const address = new URL(url, 'http://localhost');
  try {
    // In rounds: a query may depend on an earlier answer (the promotion a claimed usage waits for).
    for (let round = 0; round < 3; round++) {
      const calls = pageQueries(address, store.getState(), request);
      const started = calls.map((call) => call(store.dispatch));
      if (started.length === 0) break;
      await Promise.all(started);
    }
    const seeds = fulfilledQueries(store.getState());
    const { html, styles } = await renderTree(request.language, store, handler, context);
    return { html, head: styles + pageSeedBlock(seeds) + formPostBlock(request.formPost) };
  } finally {
    // Drops the answers and the timers that would keep this store alive after the page is sent.
    store.dispatch(api.util.resetApiState());
    void i18n.changeLanguage('lo');
  }
}

/** Every answer the store holds, as the seeds the browser starts its cache from. */
function fulfilledQueries(state: ReturnType<ReturnType<typeof createAppStore>['getState']>): PageSeed[] {
  return Object.values(state.api.queries).flatMap((query) =>
    query?.status === 'fulfilled'
      ? [{ endpoint: query.endpointName, args: query.originalArgs, data: query.data } as PageSeed]
      : [],
  );
}

/**
 * The whole page: the rendered markup in the template's empty root, marked with its address (main.tsx
 * hydrates a marked root), and its head added. Used by the build and by the server's per-request renderer.
 * A page rendered in another language than Lao says so (data-language), and its <html lang> too.
 */
export function pageDocument(
  template: string,
  url: string,
  { html, head }: RenderedPage,
  language?: Language,
): string {
  const marked = language && language !== 'lo' ? ` data-language="${language}"` : '';
  // The address comes from the request: nothing in it may close the attribute.
  const address = url.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  const document = template
    .replace(
      /<div id="?root"?><\/div>/,
      () => `<div id="root" data-prerendered="${address}"${marked}>${html}</div>`,
    )
    .replace('<head>', () => `<head><script>${LANGUAGE_BOOT_SCRIPT}</script>`)
    // The page's own scripts after the app's: they download beside it, and main.tsx evaluates them in steps
    // (data-page-scripts tells it they are coming, and which start steps they hold).
    .replace(/data-app="([^"]*)"/, (attribute, app: string) => {
      const { scripts, steps } = pageScripts(url);
      if (scripts.length === 0) return attribute;
      return `data-app="${app} ${scripts.join(' ')}" data-page-scripts="${steps.join(' ')}"`;
    })
    .replace('</head>', () => `${head}</head>`);
  // A form page works without JavaScript: the template's "turn JavaScript on" note does not apply to it.
  const live = language === undefined ? document : document.replace(/<noscript>[^<]*<\/noscript>/, '');
  return marked ? live.replace(/<html lang="?lo"?/, `<html lang="${HTML_LANG[language!]}"`) : live;
}
