import type { components } from './contract';

type ProviderCode = components['schemas']['Provider'];

/** What the agency pays back of a period's net loss (docs/rewards.md). Amounts in satang. */
export interface CashbackTerms {
  /** Hundredths of a percent of the net loss: 500 is 5 %. */
  rateBasisPoints: number;
  /** The smallest net loss that pays. */
  minLoss: number;
  /** The most one period pays. */
  maxPayment: number;
}

/** Why a period pays what it pays: it does, the player is ahead, or the loss is below the minimum. */
export type CashbackReason = 'PAYS' | 'NET_WIN' | 'BELOW_MINIMUM';

/**
 * The cashback of a period's net game result (wins minus stakes, negative for a loss): the rate of the
 * loss, rounded down, at most the maximum, nothing below the minimum loss or for a player ahead.
 */
export function cashbackFor(net: number, terms: CashbackTerms): { amount: number; reason: CashbackReason } {
  if (net >= 0) return { amount: 0, reason: 'NET_WIN' };
  const loss = -net;
  if (loss < terms.minLoss) return { amount: 0, reason: 'BELOW_MINIMUM' };
  const amount = Math.min(Math.floor((loss * terms.rateBasisPoints) / 10_000), terms.maxPayment);
  return amount > 0 ? { amount, reason: 'PAYS' } : { amount: 0, reason: 'BELOW_MINIMUM' };
}

/** Where a cashback is credited: the provider the player lost most at (the first listed on a tie). */
export function cashbackProvider(results: readonly { provider: ProviderCode; net: number }[]): ProviderCode {
  let worst = results[0]!;
  for (const result of results) if (result.net < worst.net) worst = result;
  return worst.provider;
}
