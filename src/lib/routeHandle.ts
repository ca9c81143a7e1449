import { useMatches } from 'react-router-dom';
import type { Provider } from '@/api';

/** What the route table attaches to each route: its title (an i18n key) and, for game pages, the provider. */
export interface RouteHandle {
  titleKey: string;
  provider?: Provider;
}

/** The handle of the deepest matched route. */
export function useRouteHandle(): RouteHandle | undefined {
  return useMatches().at(-1)?.handle as RouteHandle | undefined;
}
