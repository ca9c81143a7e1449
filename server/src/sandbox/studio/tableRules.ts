import { cardValue, handTotal, PAYS_TO_ONE, RANKS, type Card } from '@core/baccarat';
import type { SeededRandom } from './rng';

// The studio's table game: punto banco (baccarat) dealt from an endless shoe, with the standard
// third-card rules. Pure rules, no I/O.

export type Side = 'player' | 'banker' | 'tie';

const SUITS = ['S', 'H', 'D', 'C'] as const;

export interface Deal {
  playerCards: Card[];
  bankerCards: Card[];
  winner: Side;
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
  if (side !== 'tie' && winner === 'tie') return bet;
  if (winner !== side) return 0;
  return bet + Math.floor((bet * PAYS_TO_ONE[side]) / 100);
}
