import './app/fonts.css';
import './app/global.css';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createAppRoutes, loadRouteComponent, type PreloadedPage } from './app/router';
import { findPageRoute } from './app/routes';
import { createAppStore } from './app/store';
import { initI18n } from './i18n/i18n';
import { readStoredLanguage } from './i18n/languages';

/** The language scripts/prerender.mjs renders the public pages in. */
const PRERENDER_LANGUAGE = 'lo';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

/**
 * A pre-rendered page (scripts/prerender.mjs) is already on screen. The app's first render takes it over,
 * so that render must be the whole page: the texts and the page's code are awaited first, instead of
 * rendering an empty shell that would blank the screen while they load.
 */
async function firstPage(): Promise<PreloadedPage | undefined> {
  const route = container?.dataset.prerendered ? findPageRoute(window.location.pathname) : undefined;
  const texts = initI18n();
  if (!route) return undefined;
  const [Component] = await Promise.all([loadRouteComponent(route), texts]);
  return { route, Component };
}

// Should the page's code fail to load, the router loads it again itself (and shows its error page).
void firstPage()
  .catch(() => undefined)
  .then((preloaded) => {
    const store = createAppStore({
      navigate: (to) => router.navigate(to, { replace: true }),
      currentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
    });
    const router = createBrowserRouter(createAppRoutes(preloaded));
    const app = (
      <StrictMode>
        <AppProviders store={store}>
          {/* Texts load with the page: render once the chosen language's files are in. */}
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </AppProviders>
      </StrictMode>
    );
    // As a transition, React works in slices of a few milliseconds and lets the browser paint and answer
    // input in between, instead of holding the main thread for the whole first render.
    startTransition(() => {
      // The pre-rendered markup is in Lao: kept and brought to life when the page is in Lao, replaced
      // otherwise.
      if (preloaded && readStoredLanguage() === PRERENDER_LANGUAGE) hydrateRoot(container, app);
      else createRoot(container).render(app);
    });
  });
