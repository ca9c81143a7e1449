import { formatMinor, formatNumber } from '@core/numberFormat';

/** 15384 → '153,84', 100000000 → '1.000.000,00': THB as the site writes it (core/numberFormat.ts). */
export function formatThb(satang: number): string {
  return formatMinor(satang, 'THB');
}

/** A multiplier in hundredths, as the server sends it: 240 → '×2,4', 50 → '×0,5', 0 → '×0'. */
export function formatMultiplier(hundredths: number): string {
  return `×${formatNumber(hundredths / 100, { maximumFractionDigits: 2 })}`;
}
