import type { components } from './contract';

type Provider = components['schemas']['Provider'];

/** The game providers; the player holds a separate THB credit wallet at each (docs/player-site.md §1). */
export const PROVIDERS = [
  'alphabet',
  'askmebet',
  'gclub',
  'gclub_live',
] as const satisfies readonly Provider[];
