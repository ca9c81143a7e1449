// Baccarat's card values and hand totals, shared by the studio's table rules on the server
// (server/src/sandbox/studio/tableRules.ts) and the studio page that shows the hands (studio/src/table.ts),
// so what the page shows and what the server pays cannot disagree.

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** A card as the contract writes it: rank then suit, e.g. "9H", "10S", "KD". */
export type Card = string;

/** A card's baccarat value: ace 1, two to nine their number, tens and faces 0. */
export function cardValue(card: Card): number {
  const rank = card.slice(0, -1);
  const index = RANKS.indexOf(rank as (typeof RANKS)[number]);
  if (index < 0) throw new Error(`not a card: ${card}`);
  return index < 9 ? index + 1 : 0;
}

/** A hand's total: the last digit of its values' sum. */
export function handTotal(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;
}

/**
 * What a winning bet on each side pays to one, in hundredths: player 1:1, banker 0.95:1 (the house keeps 5 %),
 * tie 8:1. The studio's table pays by it and shows it.
 */
export const PAYS_TO_ONE = { player: 100, banker: 95, tie: 800 } as const;
