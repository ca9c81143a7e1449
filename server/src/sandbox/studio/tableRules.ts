import type { SeededRandom } from './rng';

// The studio's table game: punto banco (baccarat) dealt from an endless shoe, with the standard
// third-card rules. Pure rules, no I/O.

export type Side = 'player' | 'banker' | 'tie';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const SUITS = ['S', 'H', 'D', 'C'] as const;

/** A card as the contract writes it: rank then suit, e.g. "9H", "10S", "KD". */
export type Card = string;

export interface Deal {
  playerCards: Card[];
  bankerCards: Card[];
  winner: Side;
}

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

/** Whether the banker draws a third card, given its total and the player's third card (if any). */
export function bankerDraws(bankerTotal: number, playerThird: Card | undefined): boolean {
  if (playerThird === undefined) return bankerTotal <= 5;
  const x = cardValue(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return x !== 8;
    case 4:
      return x >= 2 && x <= 7;
    case 5:
      return x >= 4 && x <= 7;
    case 6:
      return x === 6 || x === 7;
    default:
      return false;
  }
}

export function deal(random: Pick<SeededRandom, 'int'>): Deal {
  const draw = (): Card => `${RANKS[random.int(RANKS.length)]}${SUITS[random.int(SUITS.length)]}`;
  const playerCards = [draw()];
  const bankerCards = [draw()];
  playerCards.push(draw());
  bankerCards.push(draw());
  const natural = handTotal(playerCards) >= 8 || handTotal(bankerCards) >= 8;
  if (!natural) {
    let playerThird: Card | undefined;
    if (handTotal(playerCards) <= 5) {
      playerThird = draw();
      playerCards.push(playerThird);
    }
    if (bankerDraws(handTotal(bankerCards), playerThird)) bankerCards.push(draw());
  }
  const p = handTotal(playerCards);
  const b = handTotal(bankerCards);
  return { playerCards, bankerCards, winner: p > b ? 'player' : b > p ? 'banker' : 'tie' };
}

/**
 * What a bet on `side` pays back (stake included) when `winner` wins: player 1:1, banker 0.95:1 rounded down
 * to the satang (the house keeps the fraction), tie 8:1; a player or banker bet is returned on a tie.
 */
export function tablePayout(side: Side, winner: Side, bet: number): number {
  if (side === 'tie') return winner === 'tie' ? bet * 9 : 0;
  if (winner === 'tie') return bet;
  if (winner !== side) return 0;
  return side === 'player' ? bet * 2 : bet + Math.floor((bet * 95) / 100);
}
