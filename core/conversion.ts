/**
 * Conversions between the bank side (LAK, whole kip) and provider credit (THB satang), docs/player-site.md §9.
 * Pure and shared by the web app and the server: only the contract's types are imported.
 *
 * Rates are the contract's 4-decimal strings: '650.0000' = 650 units of the currency per 1 THB.
 * Arithmetic is exact (BigInt on the rate in ten-thousandths); rounding always favours the house:
 * - DEPOSIT (credit bought by a payment) and WITHDRAW (LAK paid out for credit) round down (floor);
 * - DEPOSIT_FROM (what the player must pay for a credit) rounds up (ceil).
 */

import type { components } from './contract';

export type ConversionType = 'DEPOSIT' | 'WITHDRAW' | 'DEPOSIT_FROM';

/** A payment method with its rates, as the contract describes it. */
export type CurrencyEntry = components['schemas']['CurrencyEntry'];

const RATE_SCALE = 10_000n; // 4 decimals
const SATANG_PER_THB = 100n;

/** '650.0000' → 6500000n (ten-thousandths). Throws on anything but digits '.' four digits. */
export function parseRate(rate: string): bigint {
  const m = /^([0-9]+)\.([0-9]{4})$/.exec(rate);
  if (!m) throw new Error(`invalid rate "${rate}"`);
  return BigInt(m[1]!) * RATE_SCALE + BigInt(m[2]!);
}

function toSafeNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`amount out of range: ${value}`);
  return n;
}

function checkAmount(amount: number): bigint {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new Error(`amount must be a non-negative integer, got ${amount}`);
  return BigInt(amount);
}

/** LAK paid → THB satang credited: amount / sell, floored. A zero rate credits nothing. */
export function depositCredit(amountLak: number, sell: string): number {
  const rate = parseRate(sell);
  if (rate === 0n) return 0;
  return toSafeNumber((checkAmount(amountLak) * SATANG_PER_THB * RATE_SCALE) / rate);
}

/** THB satang withdrawn → LAK paid out: satang × buy, floored to whole kip. */
export function withdrawAmount(creditSatang: number, buy: string): number {
  return toSafeNumber((checkAmount(creditSatang) * parseRate(buy)) / (SATANG_PER_THB * RATE_SCALE));
}

/** THB satang wanted → LAK to pay: satang × sell, rounded up to whole kip. */
export function depositCost(creditSatang: number, sell: string): number {
  const scale = SATANG_PER_THB * RATE_SCALE;
  const product = checkAmount(creditSatang) * parseRate(sell);
  return toSafeNumber((product + scale - 1n) / scale);
}

/**
 * The spec's conversion by type on the entry with this mid (enabled or not: a rate of an order already
 * open stays usable). 0 when the mid is not found.
 */
export function convertAmount(
  type: ConversionType,
  amount: number,
  entries: readonly CurrencyEntry[],
  mid: string,
): number {
  const entry = entries.find((e) => e.mid === mid);
  if (!entry) return 0;
  switch (type) {
    case 'DEPOSIT':
      return depositCredit(amount, entry.sell);
    case 'WITHDRAW':
      return withdrawAmount(amount, entry.buy);
    case 'DEPOSIT_FROM':
      return depositCost(amount, entry.sell);
  }
}

/** Enabled entries, each mid once (the first entry of a mid wins). */
export function enabledUniqueByMid(entries: readonly CurrencyEntry[]): CurrencyEntry[] {
  const seen = new Set<string>();
  const out: CurrencyEntry[] = [];
  for (const e of entries) {
    if (!e.isEnabled || seen.has(e.mid)) continue;
    seen.add(e.mid);
    out.push(e);
  }
  return out;
}

/** Payment methods of one currency: enabled, unique by mid. */
export function listPaymentMethods(entries: readonly CurrencyEntry[], currency: string): CurrencyEntry[] {
  return enabledUniqueByMid(entries.filter((e) => e.currency === currency));
}

/** The currencies offered, each once, in first-seen order (enabled entries only). */
export function uniqueCurrencies(entries: readonly CurrencyEntry[]): CurrencyEntry['currency'][] {
  const out: CurrencyEntry['currency'][] = [];
  for (const e of entries) if (e.isEnabled && !out.includes(e.currency)) out.push(e.currency);
  return out;
}
