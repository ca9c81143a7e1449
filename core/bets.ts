// The bets the site's games take. The sandbox studio offers exactly these (server/src/sandbox/studio), and the
// game view reads the smallest to tell a credit too small to bet from one that plays (docs/games.md).

/** Bet sizes offered by every game, THB satang (a slot: per line). */
export const BETS = [100, 500, 1000, 5000, 10000] as const;

/** The smallest bet, THB satang: a provider credit under it opens no round. */
export const SMALLEST_BET = BETS[0];
