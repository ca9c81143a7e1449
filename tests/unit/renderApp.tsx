import { render } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { startSessionBoot } from '@/api';
import { AppProviders } from '@/app/AppProviders';
import { createAppRoutes } from '@/app/router';
import { createAppStore } from '@/app/store';
import { formPostReceived, type FormPostState } from '@/ui/form/formPostState';
import { createFakeState, type FakeState } from './msw/fakeState';
import { handlers } from './msw/handlers';
import { server } from './msw/server';
import { setViewportWidth } from './viewport';

export interface RenderAppOptions {
  state?: Partial<FakeState>;
  /** Viewport width in px for media queries (default 1280). */
  width?: number;
  /** Extra MSW handlers that win over the fake API (for answers the FakeState cannot express). */
  handlers?: HttpHandler[];
  /** Start as main.tsx does on a /player page: the session read in one request before the first render. */
  sessionBoot?: boolean;
  /** Start as on a /player page pre-rendered for a session: the guard renders it before the profile. */
  playerPageFirst?: boolean;
  /** What the server wrote into the page about its forms (a post's answer), as main.tsx reads it. */
  formPost?: FormPostState;
}

/** Renders the real app at `path` with a fresh store and a fresh fake API; only the network is mocked. */
export function renderApp(path: string, opts: RenderAppOptions = {}) {
  setViewportWidth(opts.width ?? 1280);
  const state = createFakeState(opts.state);
  server.use(...(opts.handlers ?? []), ...handlers(state));
  if (opts.sessionBoot) startSessionBoot(window.location.origin);
  const store = createAppStore({
    navigate: (to) => router.navigate(to, { replace: true }),
    currentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
  if (opts.formPost) store.dispatch(formPostReceived(opts.formPost));
  const router = createMemoryRouter(createAppRoutes(undefined, opts.playerPageFirst), {
    initialEntries: [path],
  });
  const user = userEvent.setup({
    delay: null,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    // A click is a tap, as on a phone: no hover events first (half the events of each click).
    skipHover: true,
  });
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, state, store, router, ...result };
}
