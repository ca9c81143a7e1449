import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ErrorFallback } from '@/features/errors/ErrorFallback';
import { RootLayout } from '@/layout/RootLayout';
import { RouteLoading } from '@/ui/RouteLoading';
import { firstPlayerPage, PlayerGuard, PlayerHomeRedirect, VisitorOnly } from './guards';
import { lazyPage } from './lazyPage';
import { preloadAntd, withAntdProvider } from '@/ui/WithAntd';
import { registerPreloader } from '@/lib/preload';
import type { RouteHandle } from '@/lib/routeHandle';
import { findPageRoute, PAGE_ROUTES, PLAYER_HOME, PLAYER_MENU, type Access, type PageRoute } from './routes';

const SHELL_ROUTES = { playerHome: PLAYER_HOME, playerMenu: PLAYER_MENU };

const notFoundPage = lazyPage(
  'NotFoundPage',
  () => import(/* webpackChunkName: "NotFoundPage" */ '@/features/errors/NotFoundPage'),
);

/** A route's page component, with antd's provider around it unless the page does without antd. */
export async function loadRouteComponent(route: PageRoute): Promise<ComponentType> {
  const page = route.page.load();
  return route.withoutAntd ? (await page).default : withAntdProvider(page);
}

/** A page already loaded before the router starts (the pre-rendered first page, see main.tsx). */
export interface PreloadedPage {
  route: PageRoute;
  Component: ComponentType;
}

function toRouteObject(route: PageRoute, preloaded?: PreloadedPage): RouteObject {
  const handle: RouteHandle = { titleKey: route.titleKey, provider: route.provider };
  // A route with `lazy` starts unresolved, and the router shows its fallback until it resolves: a page
  // already in hand is given directly so the first render is the page itself.
  if (preloaded?.route === route) return { path: route.path, handle, Component: preloaded.Component };
  return { path: route.path, handle, lazy: async () => ({ Component: await loadRouteComponent(route) }) };
}

function routesFor(access: Access, preloaded?: PreloadedPage): RouteObject[] {
  return PAGE_ROUTES.filter((route) => route.access === access).map((route) =>
    toRouteObject(route, preloaded),
  );
}

/**
 * The router's view of the route table in routes.tsx, wrapped in the layout and the guards.
 * `playerPageFirst`: the first page is a /player page pre-rendered for a session, whose guard renders it
 * before the profile has answered (see PlayerGuard).
 */
export function createAppRoutes(preloaded?: PreloadedPage, playerPageFirst = false): RouteObject[] {
  registerPreloader((link) => {
    const route = findPageRoute(link);
    if (!route) return;
    void route.page.load();
    if (!route.withoutAntd) void preloadAntd();
  });
  return [
    {
      element: <RootLayout routes={SHELL_ROUTES} />,
      errorElement: <ErrorFallback />,
      HydrateFallback: () => <RouteLoading active />,
      children: [
        {
          // Inside the layout, so a crashing page keeps the navigation bar around its error message.
          errorElement: <ErrorFallback />,
          children: [
            { element: <VisitorOnly />, children: routesFor('visitor', preloaded) },
            {
              path: '/player',
              element: <PlayerGuard firstPage={firstPlayerPage(playerPageFirst)} />,
              children: [{ index: true, element: <PlayerHomeRedirect /> }, ...routesFor('player', preloaded)],
            },
            ...routesFor('open', preloaded),
            {
              path: '*',
              handle: { titleKey: 'common:notFound.title' } satisfies RouteHandle,
              lazy: async () => ({ Component: await withAntdProvider(notFoundPage.load()) }),
            },
          ],
        },
      ],
    },
  ];
}
