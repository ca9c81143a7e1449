import type { RouteObject } from 'react-router-dom';
import { ErrorFallback } from '@/features/errors/ErrorFallback';
import { RootLayout } from '@/layout/RootLayout';
import { RouteLoading } from '@/layout/RouteLoading';
import { PlayerGuard, PlayerHomeRedirect, VisitorOnly } from './guards';
import { lazyPage } from './lazyPage';
import { preloadAntd, withAntdProvider } from './WithAntd';
import { registerPreloader } from '@/lib/preload';
import type { RouteHandle } from '@/lib/routeHandle';
import { findPageRoute, PAGE_ROUTES, type Access, type PageRoute } from './routes';

const notFoundPage = lazyPage(() => import('@/features/errors/NotFoundPage'));

function toRouteObject(route: PageRoute): RouteObject {
  const handle: RouteHandle = { titleKey: route.titleKey, provider: route.provider };
  return {
    path: route.path,
    handle,
    lazy: async () => {
      const page = route.page.load();
      return { Component: route.withoutAntd ? (await page).default : await withAntdProvider(page) };
    },
  };
}

function routesFor(access: Access): RouteObject[] {
  return PAGE_ROUTES.filter((route) => route.access === access).map(toRouteObject);
}

/** The router's view of the route table in routes.tsx, wrapped in the layout and the guards. */
export function createAppRoutes(): RouteObject[] {
  registerPreloader((link) => {
    const route = findPageRoute(link);
    if (!route) return;
    void route.page.load();
    if (!route.withoutAntd) preloadAntd();
  });
  return [
    {
      element: <RootLayout />,
      errorElement: <ErrorFallback />,
      HydrateFallback: () => <RouteLoading active />,
      children: [
        {
          // Inside the layout, so a crashing page keeps the navigation bar around its error message.
          errorElement: <ErrorFallback />,
          children: [
            { element: <VisitorOnly />, children: routesFor('visitor') },
            {
              path: '/player',
              element: <PlayerGuard />,
              children: [{ index: true, element: <PlayerHomeRedirect /> }, ...routesFor('player')],
            },
            ...routesFor('open'),
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
