import type { components } from './contract';

type Provider = components['schemas']['Provider'];

/** The game providers; the player holds a separate THB credit wallet at each (docs/player-site.md §1). */
export const PROVIDERS = [
  'alphabet',
  'askmebet',
  'gclub',
  'gclub_live',
] as const satisfies readonly Provider[];

/**
 * The site's home game page is this provider's (the bottom bar's middle button, docs/player-site.md): a player
 * with no provider of their own yet (a first deposit) starts with it.
 */
export const HOME_PROVIDER = 'alphabet' satisfies Provider;
