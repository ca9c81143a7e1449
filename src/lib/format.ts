import dayjs from 'dayjs';

/** docs/player-site.md §9: dates show as DD/MM/YYYY HH:mm:ss, Gregorian, in every language (Thai too). */
export const DATE_FORMAT = 'DD/MM/YYYY HH:mm:ss';
export const NOT_AVAILABLE = 'N/A';

// The API writes Go's zero time (0001-01-01 or 0001-01-01T00:00:00Z) for "never".
const ZERO_DATE = /^0001-01-01(T00:00:00(\.0+)?Z)?$/;

/** '2026-11-22T07:00:00Z' → '22/11/2026 14:00:00' (local time); zero or missing dates → N/A. */
export function formatDate(value: string | Date | null | undefined, notAvailable = NOT_AVAILABLE): string {
  if (value === null || value === undefined || value === '') return notAvailable;
  if (typeof value === 'string' && ZERO_DATE.test(value)) return notAvailable;
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : notAvailable;
}

/** CLDR's Lao symbols: '.' groups the thousands, ',' marks the decimals. */
const LAO_SYMBOL: Record<string, string> = { ',': '.', '.': ',' };

/**
 * Numbers with Lao locale grouping in every language (docs/player-site.md §9): one site, one way to write
 * money. Written with the Lao symbols by hand rather than by Intl's 'lo-LA': a runtime's ICU may lack Lao
 * data (Debian's Chromium then writes 100,000 where Node writes 100.000), and a page the server renders
 * must read the same in the browser that takes it over.
 */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat('en-US', options)
    .format(value)
    .replace(/[.,]/g, (symbol) => LAO_SYMBOL[symbol] ?? symbol);
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
