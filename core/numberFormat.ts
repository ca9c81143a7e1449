// One way to write numbers for every page of the site and of the sandbox studio (docs/player-site.md §9:
// Lao locale grouping, in every language): '.' groups the thousands and ',' marks the decimals.

/** What a number on the site may ask for: fraction digits and an explicit sign, as Intl names them. */
export interface NumberOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  /** 'exceptZero' writes + before a positive amount (a net win), as Intl does. */
  signDisplay?: 'auto' | 'exceptZero';
}

/**
 * A number with Lao locale grouping, in every language and in the studio's games as on the site (CLDR's
 * Lao symbols).
 *
 * Written by hand rather than by Intl: a runtime's ICU may lack Lao data (Debian's Chromium writes
 * 100,000 where Node writes 100.000), and a page the server renders must read the same in the browser
 * that takes it over. Intl's first formatter also cost a slow phone about 40 ms while a page started.
 */
export function formatNumber(value: number, options: NumberOptions = {}): string {
  if (!Number.isFinite(value)) return String(value);
  const minimum = options.minimumFractionDigits ?? 0;
  const maximum = Math.max(minimum, options.maximumFractionDigits ?? 3);
  const fixed = Math.abs(value).toFixed(maximum);
  const [whole = '0', decimals = ''] = fixed.split('.');
  let fraction = decimals;
  while (fraction.length > minimum && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const isZero = Number(fixed) === 0;
  const sign = isZero ? '' : value < 0 ? '-' : options.signDisplay === 'exceptZero' ? '+' : '';
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** Minor units per currency: LAK is counted in whole kip, THB and USD in hundredths. */
const FRACTION_DIGITS: Record<string, number> = { LAK: 0, THB: 2, USD: 2 };

/** 123456 satang, 'THB' → '1.234,56' in Lao grouping; 94000 kip, 'LAK' → '94.000'. */
export function formatMinor(amountMinor: number, currency: string): string {
  const digits = FRACTION_DIGITS[currency] ?? 2;
  return formatNumber(amountMinor / 10 ** digits, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** A decimal string from the API ("153.84") with Lao grouping; kept as text until this edge. */
export function formatDecimal(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value)
    ? formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : amount;
}

/** Odds in hundredths to one, as a number on the site is written: 95 → '0,95:1', 800 → '8:1'. */
export function formatOdds(hundredthsToOne: number): string {
  return `${formatNumber(hundredthsToOne / 100, { maximumFractionDigits: 2 })}:1`;
}

/** A rate in basis points as the percentage a page writes: 500 → '5', 750 → '7,5', 50 → '0,5'. */
export function formatBasisPoints(basisPoints: number): string {
  return formatNumber(basisPoints / 100, { maximumFractionDigits: 2 });
}
