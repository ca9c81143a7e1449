import './app/fonts.css';
import './app/global.css';
import { StrictMode, Suspense, startTransition, useEffect } from 'react';
import type { PreloadedPage } from './app/router';
import { registerServiceWorker } from './app/serviceWorker';
// Not the '@/api' barrel: that would evaluate the whole client before the session is asked for.
import { startSessionBoot } from './api/sessionBoot';
import { rememberReferral } from './lib/referralLink';
import { readStoredLanguage, shareLanguageWithServer } from './i18n/languages';
import { PRERENDER_LANGUAGE } from '@core/prerender';

// First, before any waiting: a player page's session is read while the texts and the page's code load.
if (window.location.pathname.startsWith('/player')) startSessionBoot();
// A choice made before the cookie existed still reaches the server from the next page on.
shareLanguageWithServer(readStoredLanguage());
// A friend's link: its code is kept for the registration (refer a friend).
rememberReferral(window.location.search);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

/**
 * A pre-rendered page (scripts/prerender.mjs) is already on screen. The app's first render takes it over,
 * so that render must be the whole page: the texts and the page's code are awaited first, instead of
 * rendering an empty shell that would blank the screen while they load.
 */
async function firstPage(): Promise<PreloadedPage | undefined> {
  const { findPageRoute } = await import(/* webpackMode: "eager" */ './app/routes');
  const route = container?.dataset.prerendered ? findPageRoute(window.location.pathname) : undefined;
  // The page's code is asked for first, as it is the longest wait, unless the page named it with the app's
  // scripts (src/prerender/render.tsx): then it is already on its way, and is evaluated last, on its own.
  if (!document.querySelector('script[data-page-scripts]')) void route?.page.load().catch(() => undefined);
  await yieldToBrowser();
  const { initI18n } = await import(/* webpackMode: "eager" */ './i18n/i18n');
  const texts = initI18n();
  if (!route) return undefined;
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './api/baseApi');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './api');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './layout/RootLayout');
  await yieldToBrowser();
  const { loadRouteComponent } = await import(/* webpackMode: "eager" */ './app/router');
  await yieldToBrowser();
  // What the page's code needs that is large on its own gets a step each before the page itself: React's
  // DOM renderer, then the start steps the page named (antd's core, the form kit: app/startSteps.ts).
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToBrowser();
  const { START_STEPS } = await import(/* webpackMode: "eager" */ './app/startSteps');
  const named = (document.querySelector<HTMLElement>('script[data-page-scripts]')?.dataset.pageScripts ?? '')
    .split(' ')
    .filter(Boolean);
  for (const step of START_STEPS.filter(({ chunk }) => named.includes(chunk))) {
    await step.load().catch(() => undefined);
    await yieldToBrowser();
  }
  const [Component] = await Promise.all([loadRouteComponent(route), texts]);
  return { route, Component };
}

/**
 * The app's code is evaluated in steps, each in its own task, with the browser free in between: evaluated
 * in one go (React, the router, the store, i18next and the page), it held a slow phone's main thread for
 * about 300 ms right after the first paint, and a tap in that time waited. The imports are "eager": no
 * extra file or request, only the order and the moment of evaluation change.
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Marks the pre-rendered markup as live once React has taken it over: until then its form controls take no
 * tap (app/global.css), as what a player typed into the static markup would not be in the form's state.
 */
function PrerenderedPageLive({ onLive }: { onLive?: () => void }) {
  useEffect(() => {
    delete container?.dataset.prerendered;
    onLive?.();
  }, [onLive]);
  return null;
}

/**
 * A page rendered at build time that differs from the browser's first render (a query in the address, a
 * wider screen, another day) is rendered again in the browser: React recovers by itself, so the player
 * sees no error, and none is raised as one.
 */
function onRecoverableError(error: unknown) {
  console.warn('The pre-rendered page was rendered again in the browser:', error);
}

// Should the page's code fail to load, the router loads it again itself (and shows its error page).
void firstPage()
  .catch(() => undefined)
  .then(async (preloaded) => {
    // Named, not whole modules: webpack then leaves out what the app does not use.
    const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
    await yieldToBrowser();
    const { createBrowserRouter, RouterProvider } = await import(
      /* webpackMode: "eager" */ 'react-router-dom'
    );
    await yieldToBrowser();
    const { createAppRoutes } = await import(/* webpackMode: "eager" */ './app/router');
    await yieldToBrowser();
    const { createAppStore } = await import(/* webpackMode: "eager" */ './app/store');
    const { applyPageSeeds, readPageSeeds } = await import(/* webpackMode: "eager" */ './api');
    const { AppProviders } = await import(/* webpackMode: "eager" */ './app/AppProviders');
    await yieldToBrowser();
    const store = createAppStore({
      navigate: (to) => router.navigate(to, { replace: true }),
      currentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
    });
    // In the same task as the store: the store's listeners navigate through it.
    const router = createBrowserRouter(createAppRoutes(preloaded, preloaded?.route.access === 'player'));
    await yieldToBrowser();
    // A page the server rendered with its data (a lobby's games) starts from the same answers, so the
    // first render matches its markup. One answer per task: each goes through the store's reducers and
    // middleware, and a page's answers together held a slow phone's main thread for tens of milliseconds.
    const releases: (() => void)[] = [];
    for (const seed of readPageSeeds(document)) {
      releases.push(await applyPageSeeds(store.dispatch, [seed]));
      await yieldToBrowser();
    }
    const releaseSeeds = () => releases.forEach((release) => release());
    // A form page the server answered: its tokens, and what it said about a post (src/ui/form/formPost.ts).
    const { formPostReceived, readFormPost } = await import(
      /* webpackMode: "eager" */ './ui/form/formPostState'
    );
    store.dispatch(formPostReceived(readFormPost(document)));
    // What the player typed into the server's forms meanwhile: carried into the app once it is live.
    const { changedBeforeTakeover, replayIntoApp } = await import(
      /* webpackMode: "eager" */ './ui/form/takeOver'
    );
    let changed: ReturnType<typeof changedBeforeTakeover> = [];
    // Once the page is live its own components hold the answers it arrived with.
    const onLive = () => {
      replayIntoApp(changed);
      releaseSeeds();
    };
    const app = (
      <StrictMode>
        <AppProviders store={store}>
          {/* Texts load with the page: render once the chosen language's files are in. */}
          <Suspense fallback={null}>
            <RouterProvider router={router} />
            {/* Inside the boundary: its effect runs only once the page itself has been taken over, not
                while the routed markup still waits to hydrate (a tap there would be lost). */}
            <PrerenderedPageLive onLive={onLive} />
          </Suspense>
        </AppProviders>
      </StrictMode>
    );
    // As a transition, React works in slices of a few milliseconds and lets the browser paint and answer
    // input in between, instead of holding the main thread for the whole first render.
    startTransition(() => {
      // The pre-rendered markup is in Lao, or in the language the server rendered it in (data-language):
      // kept and brought to life when the page is in that language, replaced otherwise.
      const rendered = container?.dataset.language ?? PRERENDER_LANGUAGE;
      if (preloaded && readStoredLanguage() === rendered) {
        changed = changedBeforeTakeover(container);
        hydrateRoot(container, app, { onRecoverableError });
      } else createRoot(container).render(app);
    });
  });

registerServiceWorker();
