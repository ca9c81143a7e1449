import { clockNow } from '../../clock';
import type { ProviderCode } from '../../adapters';
import type { components } from '@core/contract';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/types';
import { isUniqueViolation, toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { hasBankAccount } from '../players/bankAccounts';
import { providerCredit } from '../games/providerWallets';
import { playerBalance } from '../ledger/ledger';
import { isPromotionBlocked, promotionTerms } from './promotionCatalogue';
import { checkClaim } from './promotionRules';
import { usageById, usageInForce } from './promotionUsages';
import { assertNotExcluded } from '../protection/exclusions';

type PromotionUsage = components['schemas']['PromotionUsage'];

/**
 * Before claimPromotionIn's transaction: the provider's wallet is read (it must answer), its game results
 * booked and its betsTotal recorded. The claim then decides on the whole credit (PROMOTION_NOT_USABLE)
 * and records that betsTotal as the usage's turnover start: stakes from the claim on count, which is the
 * earliest the player knows the promotion's terms apply.
 */
export async function prepareClaim(ctx: AppContext, playerId: string, provider: ProviderCode): Promise<void> {
  await providerCredit(ctx, playerId, provider);
}

/**
 * A claim inside the caller's transaction q (withIdempotency's, so the key commits with the usage).
 * Call prepareClaim before it.
 */
export async function claimPromotionIn(
  q: Queryable,
  playerId: string,
  promotionId: string,
  provider: ProviderCode,
): Promise<PromotionUsage> {
  await assertNotExcluded(q, playerId, await clockNow(q));
  // Staff change a promotion's rules only while nobody has claimed it (promotionAuthoring.ts): held until
  // this claim commits, the row's lock makes them wait and then see the claim.
  await q.query('SELECT 1 FROM promotions WHERE id = $1 FOR KEY SHARE', [promotionId]);
  const terms = await promotionTerms(q, promotionId);
  const facts = {
    hasBankAccount: await hasBankAccount(q, playerId),
    blocked: await isPromotionBlocked(q, playerId),
    promotion: terms,
    usageInForce: (await usageInForce(q, playerId)) !== undefined,
    usedBefore:
      (
        await q.query(
          `SELECT 1 FROM promotion_usages WHERE player_id = $1 AND promotion_id = $2 AND status IN ('USED', 'SUCCESS')`,
          [playerId, promotionId],
        )
      ).rows.length > 0,
    hasSuccessfulDeposit:
      (
        await q.query(
          `SELECT 1 FROM orders WHERE player_id = $1 AND kind = 'DEPOSIT' AND status = 'SUCCESS'`,
          [playerId],
        )
      ).rows.length > 0,
    hasOpenDeposit:
      (
        await q.query(
          `SELECT 1 FROM orders WHERE player_id = $1 AND kind = 'DEPOSIT' AND status = 'OPEN' AND expires_at > app_now()`,
          [playerId],
        )
      ).rows.length > 0,
    providerCredit: await playerBalance(q, playerId, provider),
  };
  const promotion = checkClaim(facts);
  const seen = await q.query<{ bets_seen: unknown }>(
    'SELECT bets_seen FROM provider_game_results WHERE player_id = $1 AND provider = $2',
    [playerId, provider],
  );
  const betsBaseline = seen.rows[0] ? toInt(seen.rows[0].bets_seen) : 0;
  try {
    const r = await q.query<{ id: string }>(
      `INSERT INTO promotion_usages (player_id, promotion_id, provider, status, deposit_amount, bets_baseline)
       VALUES ($1, $2, $3, 'ACTIVE', $4, $5) RETURNING id`,
      [playerId, promotion.id, provider, promotion.depositAmount, betsBaseline],
    );
    return await usageById(q, r.rows[0]!.id);
  } catch (err) {
    // Two claims raced past the check: the partial unique index lets one in.
    if (isUniqueViolation(err, 'promotion_usages_one_in_use'))
      throw new DomainError('PROMOTION_IN_USE', 'Another promotion is in use');
    throw err;
  }
}
