import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-700.css';
import './app/app.css';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createAppRoutes } from './app/router';
import { createAppStore } from './app/store';
import { initI18n } from './i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const store = createAppStore();
const router = createBrowserRouter(createAppRoutes());
void initI18n();

// Rendered as a transition: React then works in slices of a few milliseconds and lets the browser paint
// and answer input in between, instead of holding the main thread for the whole first render.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store}>
        {/* Texts load with the page: render once the chosen language's files are in. */}
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </AppProviders>
    </StrictMode>,
  );
});
