import type { ProviderCode } from '../../adapters';
import type { components } from '@core/contract';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { playerProviderAccounts } from '../ledger/accounts';
import { shownCredit } from '../games/providerWallets';
import { lockAccounts, postTransfers, systemAccountId } from '../ledger/ledger';
import { enqueueTransfer } from '../ledger/outbox';
import { endUsage, toUsage, usageById, usageSelect, type UsageRow } from './promotionUsages';
import { bonusBackRef } from '../ledger/references';

type PromotionUsage = components['schemas']['PromotionUsage'];

// Cancelling the player's usage in force. A bonus already granted is taken back as far as the credit allows
// (min(bonus, credit)): what was wagered away is not chased. Simple and never overdraws. The take-back
// reaches the provider through the outbox (a transfer OUT, delivered after commit), and the usage ends
// CANCELED only when the provider has taken it (usageCancel.ts): a refused take-back leaves the promotion in
// force with its rules, never cancelled with its bonus kept.

/**
 * Before cancelUsageIn's transaction: the game results at the usage's provider are booked, so the
 * take-back sees the whole credit. A provider that does not answer leaves the ledger's figure (the
 * take-back is then at most that; an OUT the provider cannot cover is refused and compensated).
 */
export async function prepareCancelUsage(ctx: AppContext, playerId: string, usageId: string): Promise<void> {
  const r = await ctx.db.query<{ provider: ProviderCode }>(
    `SELECT provider FROM promotion_usages WHERE id = $1 AND player_id = $2 AND status = 'USED'`,
    [usageId, playerId],
  );
  if (r.rows[0]) await shownCredit(ctx, playerId, r.rows[0].provider);
}

/**
 * The cancel inside the caller's transaction q (withIdempotency's, so the key commits with the reversal).
 * Call prepareCancelUsage before it and deliverPending after the commit. Answers the usage as committed:
 * CANCELED when nothing had to be taken back, else still in force with `cancelPending` until the provider
 * has taken the bonus back. Asking again while a take-back is on its way answers the same.
 */
export async function cancelUsageIn(
  q: Queryable,
  playerId: string,
  usageId: string,
): Promise<PromotionUsage> {
  const r = await q.query<UsageRow & { player_id: string }>(
    `${usageSelect(2).replace('SELECT ', 'SELECT u.player_id, ')} WHERE u.id = $1 FOR UPDATE OF u`,
    [usageId, 'lo'],
  );
  const row = r.rows[0];
  if (!row || row.player_id !== playerId)
    throw new DomainError('PROMOTION_NOT_FOUND', 'No such promotion usage');
  if (row.status !== 'ACTIVE' && row.status !== 'USED')
    throw new DomainError('PROMOTION_INACTIVE', 'This promotion usage has ended');
  if (row.cancel_reference) return toUsage(row);
  const bonus = toInt(row.bonus_credit);
  if (row.status === 'USED' && bonus > 0) {
    const { player, float } = await playerProviderAccounts(q, playerId, row.provider);
    const liability = await systemAccountId(q, 'promotion_liability', 'THB');
    const locked = await lockAccounts(q, [player, float, liability]);
    const takeBack = Math.min(bonus, locked.get(player)!.balance);
    if (takeBack > 0) {
      // One reference per attempt: a take-back the provider refused was compensated, and a later cancel
      // takes back again under a new one.
      const attempt = row.cancel_attempts + 1;
      const ref = bonusBackRef(usageId, attempt);
      await postTransfers(q, [
        {
          reference: ref,
          kind: 'BONUS_REVERSAL',
          debitAccountId: player,
          creditAccountId: liability,
          amount: takeBack,
        },
      ]);
      await enqueueTransfer(q, {
        reference: ref,
        provider: row.provider,
        playerId,
        direction: 'OUT',
        amount: takeBack,
        kind: 'BONUS_REVERSAL',
        ledgerReference: ref,
      });
      await q.query('UPDATE promotion_usages SET cancel_reference = $2, cancel_attempts = $3 WHERE id = $1', [
        usageId,
        ref,
        attempt,
      ]);
      return usageById(q, usageId);
    }
  }
  await endUsage(q, usageId, 'CANCELED');
  return usageById(q, usageId);
}
