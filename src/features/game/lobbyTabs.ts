import type { Game, GameCategory } from '@/api';

export const CATEGORIES: readonly GameCategory[] = ['slot', 'sport', 'casino', 'fish', 'card', 'chicken'];

/** The lobby's tabs: every game, one category, or the player's own lists. */
export type LobbyTab = 'all' | GameCategory | 'favourites' | 'recent';

const OWN_TABS = ['favourites', 'recent'] as const;

/**
 * `?tab=Slot` (as the menu links askmebet; any letter case) → the slot tab. An unknown or missing tab is
 * the fallback, so an old or hand-typed link still lands on a list.
 */
export function tabFromQuery(value: string | null, fallback: LobbyTab): LobbyTab {
  const tab = value?.toLowerCase();
  if (tab === 'all') return 'all';
  return CATEGORIES.find((category) => category === tab) ?? OWN_TABS.find((own) => own === tab) ?? fallback;
}

/** The tab as the `tab` query writes it: capitalised, like the menu's `tab=Slot`. */
export function tabToQuery(tab: LobbyTab): string {
  return tab.charAt(0).toUpperCase() + tab.slice(1);
}

/** Names compared without letter case or accents, so "naga" finds "Golden Naga Fortune". */
function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export function matchesSearch(game: Game, search: string): boolean {
  const wanted = searchable(search);
  return wanted === '' || searchable(game.name).includes(wanted);
}

/** The categories that have at least one game, in the spec's order: no tab ever opens onto nothing. */
export function categoriesOf(games: readonly Game[]): GameCategory[] {
  return CATEGORIES.filter((category) => games.some((game) => game.category === category));
}
