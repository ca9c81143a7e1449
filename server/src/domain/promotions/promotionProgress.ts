import type { ProviderCode } from '../../adapters';
import type { components } from '@core/contract';
import type { AppContext } from '../../context';
import { shownCredit } from '../games/providerWallets';
import type { Language } from './promotionCatalogue';
import { limitsReadCredit, withdrawLimits } from '@core/promotionLimits';
import { endUsage, toUsage, usageById, usageInForce } from './promotionUsages';

type PromotionUsage = components['schemas']['PromotionUsage'];
type WithdrawPromotionInfo = components['schemas']['WithdrawPromotionInfo'];

// A usage as it stands once its provider's wallet has been read: the turnover done, whether the promotion is
// spent, and the limits it puts on withdrawing.

/**
 * The usage in force with its texts in `lang`. A USED one's provider wallet is read first (outside any
 * transaction; the ledger's figures serve when it does not answer), so its turnover done is current.
 */
export async function currentUsage(
  ctx: Pick<AppContext, 'db' | 'adapters' | 'config'>,
  playerId: string,
  lang: Language = 'lo',
): Promise<PromotionUsage | null> {
  const before = await usageInForce(ctx.db, playerId);
  if (before?.usage.status === 'USED') await shownCredit(ctx, playerId, before.row.provider);
  const found = await usageInForce(ctx.db, playerId, false, lang);
  return found ? toUsage(found.row) : null;
}

/**
 * Re-evaluates the usage in force: once its deposit was credited and the provider credit fell below the
 * promotion's threshold, the promotion is spent and ends (SUCCESS).
 */
export async function recheckUsage(
  ctx: Pick<AppContext, 'db' | 'adapters' | 'config'>,
  playerId: string,
): Promise<PromotionUsage | null> {
  // The credit is read (and game results booked) before the transaction: never hold one across a call.
  const before = await usageInForce(ctx.db, playerId);
  const credit = before?.usage.status === 'USED' ? await shownCredit(ctx, playerId, before.row.provider) : 0;
  return ctx.db.tx(async (q) => {
    const found = await usageInForce(q, playerId, true);
    if (!found) return null;
    if (found.usage.status === 'USED' && found.usage.id === before?.usage.id) {
      if (credit < found.terms.creditThreshold) await endUsage(q, found.usage.id, 'SUCCESS');
    }
    return usageById(q, found.usage.id);
  });
}

/** getWithdrawPromotionInfo: the limits the usage in force puts on withdrawing from `provider`. */
export async function withdrawPromotionInfo(
  ctx: Pick<AppContext, 'db' | 'adapters' | 'config'>,
  playerId: string,
  provider: ProviderCode,
): Promise<WithdrawPromotionInfo> {
  const found = await usageInForce(ctx.db, playerId);
  // Without a credited promotion at this provider the limits do not depend on its credit: not asked.
  const credit = limitsReadCredit(found?.usage, found?.terms, provider)
    ? await shownCredit(ctx, playerId, provider)
    : 0;
  const limits = withdrawLimits(found?.usage, found?.terms, provider, credit);
  // The turnover figures travel on the current usage (getCurrentPromotion), not here.
  return {
    hasPromotion: limits.hasPromotion,
    withdrawAll: limits.withdrawAll,
    receivedCredit: limits.receivedCredit,
    returnedCredit: limits.returnedCredit,
    maxCredit: limits.maxCredit,
    minCredit: limits.minCredit,
  };
}
