import type { CreditsResponse, Provider } from '@/api';
import { promotionBindsMove } from '@core/creditMoves';
import { parseThbToSatang } from '@core/money';

/** Credit at one provider that could be brought to another, THB satang. */
export interface CreditSource {
  provider: Provider;
  credit: number;
}

/**
 * The other providers' credit that may be brought into `to`, the most first: none that a promotion in use
 * binds (core/creditMoves.ts). A round open at a provider is known only to the server, which refuses that
 * move with GAME_ROUND_OPEN.
 */
export function creditSources(
  credits: CreditsResponse | undefined,
  to: Provider,
  promotionProvider: Provider | null | undefined,
): CreditSource[] {
  return (credits?.credits ?? [])
    .map(({ provider, credit }) => ({ provider, credit: parseThbToSatang(credit.amount) ?? 0 }))
    .filter(
      ({ provider, credit }) =>
        provider !== to && credit > 0 && !promotionBindsMove(promotionProvider, provider, to),
    )
    .sort((a, b) => b.credit - a.credit);
}
