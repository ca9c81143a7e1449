import type { Provider } from '@/api';

// THB amounts travel as integer satang (1/100 baht). The player types baht with up to two decimals;
// parseThbToSatang and satangToThb are the only place text and satang meet, so no float touches money.

const THB_TEXT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** '100.50' → 10050, '7' → 700, '-1.5' → -150; null when the text is not a baht amount. */
export function parseThbToSatang(text: string): number | null {
  const match = THB_TEXT.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  const [, minus, baht = '0', fraction = ''] = match;
  const satang = Number(baht) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(satang)) return null;
  return minus ? -satang : satang;
}

/** 10050 → '100.50', -5 → '-0.05': the plain decimal form, as typed into an input or sent as credit. */
export function satangToThb(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(satang);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The game providers; the player holds a separate THB credit wallet at each (spec section 1). */
export const PROVIDERS = [
  'alphabet',
  'askmebet',
  'gclub',
  'gclub_live',
] as const satisfies readonly Provider[];

/**
 * Idempotency keys for calls that move money: a retry of the same submission (same payload, e.g. after a
 * network error) reuses its key so the server answers with the first result instead of moving money twice;
 * a different payload, or the next submission after a success, gets a fresh key.
 */
export function createIdempotencyKeys() {
  let last: { payload: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const text = JSON.stringify(payload);
      if (last?.payload !== text) last = { payload: text, key: crypto.randomUUID() };
      return last.key;
    },
    /** Call after a success: the next submission is a new operation. */
    reset(): void {
      last = null;
    },
  };
}
