import dayjs from 'dayjs';

/** Whole kip with thousands separators: "3,200,000 LAK". */
export function formatLak(amount: number): string {
  return `${amount.toLocaleString('en-US')} LAK`;
}

/** Satang as baht: 15000 → "150.00 THB". */
export function formatThb(satang: number): string {
  return `${(satang / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} THB`;
}

/** A moment in the staff member's time zone, to the minute. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';
}
