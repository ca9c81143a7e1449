/**
 * The contract's "never" for a date (Go's zero time, which the original API writes): a usage still in force
 * has ended at it, a first login's previous login was at it. Read leniently, as the API has also written
 * the bare date.
 */
export const ZERO_DATE = '0001-01-01T00:00:00Z';

const ZERO_DATE_FORMS = /^0001-01-01(T00:00:00(\.0+)?Z)?$/;

export function isZeroDate(value: string): boolean {
  return ZERO_DATE_FORMS.test(value);
}
