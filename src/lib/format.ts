import dayjs from 'dayjs';
import { isZeroDate } from '@core/zeroDate';

/** docs/player-site.md §9: dates show as DD/MM/YYYY HH:mm:ss, Gregorian, in every language (Thai too). */
export const DATE_FORMAT = 'DD/MM/YYYY HH:mm:ss';
export const NOT_AVAILABLE = 'N/A';

/** '2026-11-22T07:00:00Z' → '22/11/2026 14:00:00' (local time); zero or missing dates → N/A. */
export function formatDate(value: string | Date | null | undefined, notAvailable = NOT_AVAILABLE): string {
  if (value === null || value === undefined || value === '') return notAvailable;
  // The API writes Go's zero time for "never" (core/zeroDate.ts).
  if (typeof value === 'string' && isZeroDate(value)) return notAvailable;
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : notAvailable;
}

// Numbers are written by one module for the site and the studio alike.
export {
  formatBasisPoints,
  formatDecimal,
  formatMinor,
  formatNumber,
  type NumberOptions,
} from '@core/numberFormat';
