import { createContext, useContext } from 'react';
import type { MenuEntry } from '@/lib/menu';

/** What the shell shows that comes from the route table (app/routes.tsx), handed down by the router. */
export interface ShellRoutes {
  /** Where the player lands (the bottom bar's Play button). */
  playerHome: string;
  /** The drawer's player menu, in groups. */
  playerMenu: MenuEntry[][];
}

export const ShellRoutesContext = createContext<ShellRoutes>({ playerHome: '/player', playerMenu: [] });

export function useShellRoutes(): ShellRoutes {
  return useContext(ShellRoutesContext);
}
