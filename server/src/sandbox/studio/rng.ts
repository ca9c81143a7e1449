import { createHmac } from 'node:crypto';

/**
 * The seed of one round: HMAC-SHA256(studio seed, round id), as 64 hex digits. It is stored on the round,
 * so the round can be replayed from its row alone, and it reveals nothing of the studio seed.
 */
export function roundSeed(studioSeed: string, roundId: string): string {
  return createHmac('sha256', studioSeed).update(roundId).digest('hex');
}

/**
 * A small deterministic generator (sfc32) started from a round seed: the same seed always gives the same
 * draws, on any instance and in any process.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seedHex: string) {
    if (!/^[0-9a-f]{32,}$/.test(seedHex)) throw new Error('a round seed is at least 32 hex digits');
    const word = (i: number) => Number.parseInt(seedHex.slice(i * 8, i * 8 + 8), 16) | 0;
    [this.a, this.b, this.c, this.d] = [word(0), word(1), word(2), word(3)];
    // The first outputs of sfc32 still look like the seed words: discard them.
    for (let i = 0; i < 12; i++) this.next();
  }

  /** The next 32 random bits, as an unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A whole number in [0, n), every value equally likely (draws above the last full multiple are redrawn). */
  int(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > 2 ** 32) throw new Error(`int(${n}): n must be 1 to 2^32`);
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }

  /** One of the items, each as likely as its weight (whole numbers). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let r = this.int(total);
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!;
      if (r < 0) return items[i]!;
    }
    throw new Error('weights do not cover the items');
  }

  /** The items in a random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
