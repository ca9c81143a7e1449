import type { components } from '@core/contract';

export type StudioKind = components['schemas']['StudioSession']['kind'];
type Category = components['schemas']['GameCategory'];

/** The round every category plays at the studio: reels, a baccarat-style table, or pick one of three. */
const KIND_BY_CATEGORY: Record<Category, StudioKind> = {
  slot: 'slot',
  casino: 'table',
  card: 'table',
  sport: 'reveal',
  fish: 'reveal',
  chicken: 'reveal',
};

export function kindOf(category: Category): StudioKind {
  return KIND_BY_CATEGORY[category];
}

/** How long a studio session lasts after its launch token was redeemed. */
export const SESSION_HOURS = 2;
