// The studio's bet-and-reveal round, for every category without a slot or a table (sport, fish, chicken):
// three face-down cards hide the multipliers below in a random order; the player picks one. Pure rules.

/** What a reveal needs of a random source: the server's seeded draws (server/src/sandbox/studio/rng.ts). */
export interface Shuffles {
  shuffle<T>(items: readonly T[]): T[];
}

/** The three multipliers, in hundredths (240 = ×2.4). Return to player (2.4 + 0.5 + 0) / 3 = 96.67%. */
export const REVEAL_MULTIPLIERS: readonly number[] = [240, 50, 0];
export const REVEAL_CARDS = REVEAL_MULTIPLIERS.length;

export interface Reveal {
  /** The multiplier under each card, hundredths. */
  multipliers: number[];
  /** The card hiding the highest multiplier. */
  winningPick: number;
}

export function reveal(random: Shuffles): Reveal {
  const multipliers = random.shuffle(REVEAL_MULTIPLIERS);
  return { multipliers, winningPick: multipliers.indexOf(Math.max(...multipliers)) };
}

/** What the picked card pays back, rounded down to the satang. */
export function revealPayout(multipliers: readonly number[], pick: number, bet: number): number {
  const multiplier = multipliers[pick];
  if (multiplier === undefined) throw new Error(`no card ${pick}`);
  return Math.floor((bet * multiplier) / 100);
}
