import { Typography } from '@/ui/Typography';
import { formatNumber } from '@/lib/format';

/** "12.50" → "+12,50", "-35.00" → "-35,00", "0.00" → "0,00" (Lao grouping, as every amount on the site). */
export function formatSignedThb(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value)
    ? formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' })
    : amount;
}

/**
 * A game result in THB. The sign says won or lost; the colour only repeats it, for players who cannot
 * tell green from red.
 */
export function NetAmount({ amount, strong }: { amount: string; strong?: boolean }) {
  const value = Number(amount);
  const type = value > 0 ? 'success' : value < 0 ? 'danger' : undefined;
  return (
    <Typography.Text type={type} strong={strong}>
      {`${formatSignedThb(amount)} THB`}
    </Typography.Text>
  );
}
