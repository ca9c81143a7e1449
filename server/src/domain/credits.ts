import type { ProviderCode } from '../adapters';
import type { AppContext } from '../context';

export interface ProviderCreditState {
  /** The player's credit at the provider, THB satang, as the site's ledger knows it after booking game results. */
  credit: number;
  /** True while a game round is open at the provider. */
  openRound: boolean;
}

/**
 * The player's credit at one provider, asked of the provider itself. Throws DomainError PROVIDER_UNAVAILABLE
 * when the provider does not answer. (Placeholder body: issue 12's wallet work replaces it.)
 */
export async function providerCredit(
  ctx: AppContext,
  playerId: string,
  provider: ProviderCode,
): Promise<ProviderCreditState> {
  const credit = await ctx.adapters.providers[provider].balance(ctx.db, playerId);
  return { credit, openRound: false };
}
