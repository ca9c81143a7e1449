// The studio's slot machine: 5 reels of 3 rows, each cell drawn on its own from weighted symbols, paid per
// line for 3, 4 or 5 equal symbols from the leftmost reel. Pure rules, no I/O: the studio page imports the
// same lines and pay table to draw them (studio/src/slot.ts), so the page and the server cannot disagree.

/** What the reels need of a random source: the server's seeded draws (server/src/sandbox/studio/rng.ts). */
export interface WeightedDraws {
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
}

export const REELS = 5;
export const ROWS = 3;

/** Symbols from most to least common, with their weights out of 100. */
export const SYMBOLS = ['J', 'Q', 'K', 'A', 'CHERRY', 'BELL', '7'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];
export const SYMBOL_WEIGHTS: Record<SlotSymbol, number> = {
  J: 24,
  Q: 21,
  K: 18,
  A: 15,
  CHERRY: 11,
  BELL: 7,
  '7': 4,
};

/**
 * What a line pays for 3, 4 and 5 equal symbols from the left, as a multiple of the bet per line.
 * Return to player 96.48% (house edge 3.52%), and 29% of 10-line spins win something (docs/games.md).
 */
export const PAYS: Record<SlotSymbol, readonly [number, number, number]> = {
  J: [10, 40, 150],
  Q: [12, 50, 200],
  K: [15, 60, 250],
  A: [20, 80, 400],
  CHERRY: [30, 150, 750],
  BELL: [50, 250, 1500],
  '7': [100, 1000, 5000],
};

/** Paylines 1 to 10: the row (0 top, 1 middle, 2 bottom) the line crosses on each reel. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
];
export const LINES = PAYLINES.length;

/** reels[reel][row], reel 0 leftmost. */
export type Reels = SlotSymbol[][];

export function spinReels(random: WeightedDraws): Reels {
  const weights = SYMBOLS.map((s) => SYMBOL_WEIGHTS[s]);
  return Array.from({ length: REELS }, () =>
    Array.from({ length: ROWS }, () => random.weighted(SYMBOLS, weights)),
  );
}

export interface LineWin {
  /** 1-based payline number. */
  line: number;
  symbol: SlotSymbol;
  /** Equal symbols from the left: 3, 4 or 5. */
  count: number;
  win: number;
}

/** What paylines 1..lines pay on these reels, at betPerLine each (THB satang). */
export function lineWins(reels: Reels, lines: number, betPerLine: number): LineWin[] {
  const wins: LineWin[] = [];
  for (let i = 0; i < lines; i++) {
    const rows = PAYLINES[i]!;
    const symbol = reels[0]![rows[0]!]!;
    let count = 1;
    while (count < REELS && reels[count]![rows[count]!] === symbol) count++;
    if (count >= 3) wins.push({ line: i + 1, symbol, count, win: betPerLine * PAYS[symbol][count - 3]! });
  }
  return wins;
}
