import { satangToThb } from '@core/money';

/** 15384 → '153.84', 100000000 → '1,000,000.00': THB for display, from integer satang. */
export function formatThb(satang: number): string {
  const [whole = '0', fraction = '00'] = satangToThb(satang).split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

/** A multiplier in hundredths, as the server sends it: 240 → '×2.4', 50 → '×0.5', 0 → '×0'. */
export function formatMultiplier(hundredths: number): string {
  return `×${hundredths / 100}`;
}
