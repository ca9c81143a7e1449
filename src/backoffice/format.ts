import dayjs from 'dayjs';
import { formatMinor } from '@core/numberFormat';

// Amounts as the player site writes them (core/numberFormat.ts, docs/player-site.md §9), so staff and the
// player they help read the same figure: "3.200.000 LAK", "150,00 THB".

/** Whole kip: 3200000 → "3.200.000 LAK". */
export function formatLak(amount: number): string {
  return `${formatMinor(amount, 'LAK')} LAK`;
}

/** Satang as baht: 15000 → "150,00 THB". */
export function formatThb(satang: number): string {
  return `${formatMinor(satang, 'THB')} THB`;
}

/** A moment in the staff member's time zone, to the minute. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';
}
