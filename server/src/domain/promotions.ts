import type { Adapters, ProviderCode } from '../adapters';
import type { components } from '@core/contract';
import type { Db, Queryable } from '../db/types';
import { DomainError } from '../errors';
import type { AppContext } from '../context';
import { playerProviderAccounts } from './accounts';
import { shownCredit } from './credits';
import { hasBankAccount } from './bankAccounts';
import { isUniqueViolation, toInt, toIso } from '../db/values';
import { lockAccounts, postTransfers, systemAccountId } from './ledger';
import { deliverPending, enqueueTransfer } from './outbox';
import {
  checkClaim,
  withdrawLimits,
  type PromotionTerms,
  type UsageInForce,
  type WithdrawLimits,
} from './promotionRules';

type Promotion = components['schemas']['Promotion'];
type PromotionUsage = components['schemas']['PromotionUsage'];

/** endedAt of a usage still in force (the contract's zero date). */
const ZERO_DATE = '0001-01-01T00:00:00Z';

interface PromotionRow {
  id: string;
  title: string;
  description: string;
  status: 'ACTIVE' | 'INACTIVE';
  deposit_amount: unknown;
  bonus_percent: number;
  max_bonus_credit: unknown;
  turnover: number;
  first_order_only: boolean;
  withdraw_all: boolean;
  credit_threshold: unknown;
  one_time: boolean;
  max_payout_percent: number;
}

function toTerms(r: PromotionRow): PromotionTerms {
  return {
    id: r.id,
    status: r.status,
    depositAmount: toInt(r.deposit_amount),
    bonusPercent: r.bonus_percent,
    maxBonusCredit: toInt(r.max_bonus_credit),
    turnover: r.turnover,
    firstOrderOnly: r.first_order_only,
    withdrawAll: r.withdraw_all,
    creditThreshold: toInt(r.credit_threshold),
    oneTime: r.one_time,
    maxPayoutPercent: r.max_payout_percent,
  };
}

function toPromotion(r: PromotionRow): Promotion {
  const t = toTerms(r);
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status,
    depositAmount: t.depositAmount,
    bonusPercent: t.bonusPercent,
    maxBonusCredit: t.maxBonusCredit,
    turnover: t.turnover,
    firstOrderOnly: t.firstOrderOnly,
    withdrawAll: t.withdrawAll,
    creditThreshold: t.creditThreshold,
  };
}

export async function listPromotions(q: Queryable): Promise<Promotion[]> {
  const r = await q.query<PromotionRow>('SELECT * FROM promotions ORDER BY sort, id');
  return r.rows.map(toPromotion);
}

async function promotionRow(q: Queryable, id: string): Promise<PromotionRow | undefined> {
  return (await q.query<PromotionRow>('SELECT * FROM promotions WHERE id = $1', [id])).rows[0];
}

export async function getPromotion(q: Queryable, id: string): Promise<Promotion> {
  const row = await promotionRow(q, id);
  if (!row) throw new DomainError('PROMOTION_NOT_FOUND', 'No such promotion');
  return toPromotion(row);
}

export async function promotionTerms(q: Queryable, id: string): Promise<PromotionTerms | undefined> {
  const row = await promotionRow(q, id);
  return row && toTerms(row);
}

/** Blocked from promotions: players.promotion_blocked, or the whole account blocked (001_core). */
export async function isPromotionBlocked(q: Queryable, playerId: string): Promise<boolean> {
  const r = await q.query(
    `SELECT 1 FROM players WHERE id = $1 AND (promotion_blocked OR status = 'BLOCKED')`,
    [playerId],
  );
  return r.rows.length > 0;
}

interface UsageRow {
  id: string;
  promotion_id: string;
  title: string;
  provider: ProviderCode;
  status: PromotionUsage['status'];
  used_at: unknown;
  deposit_amount: unknown;
  deposit_credit: unknown;
  bonus_credit: unknown;
  ended_at: unknown;
}

const USAGE_SELECT = `SELECT u.id, u.promotion_id, p.title, u.provider, u.status, u.used_at, u.deposit_amount, u.deposit_credit,
  u.bonus_credit, u.ended_at FROM promotion_usages u JOIN promotions p ON p.id = u.promotion_id`;

function toUsage(r: UsageRow): PromotionUsage {
  return {
    usageId: r.id,
    promotionId: r.promotion_id,
    promotionTitle: r.title,
    provider: r.provider,
    status: r.status,
    usedAt: toIso(r.used_at),
    depositAmount: toInt(r.deposit_amount),
    bonusCredit: toInt(r.bonus_credit),
    endedAt: r.ended_at ? toIso(r.ended_at) : ZERO_DATE,
  };
}

/** The usage in force (ACTIVE or USED) with its terms; lock it with forUpdate inside a transaction. */
export async function usageInForce(
  q: Queryable,
  playerId: string,
  forUpdate = false,
): Promise<{ usage: UsageInForce; terms: PromotionTerms; row: UsageRow } | undefined> {
  const r = await q.query<UsageRow>(
    `${USAGE_SELECT} WHERE u.player_id = $1 AND u.status IN ('ACTIVE', 'USED')${forUpdate ? ' FOR UPDATE OF u' : ''}`,
    [playerId],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  const terms = (await promotionTerms(q, row.promotion_id))!;
  return {
    usage: {
      id: row.id,
      status: row.status as UsageInForce['status'],
      provider: row.provider,
      depositCredit: toInt(row.deposit_credit),
      bonusCredit: toInt(row.bonus_credit),
    },
    terms,
    row,
  };
}

export async function claimPromotion(
  db: Db,
  playerId: string,
  promotionId: string,
  provider: ProviderCode,
): Promise<PromotionUsage> {
  return db.tx((q) => claimPromotionIn(q, playerId, promotionId, provider));
}

/** claimPromotion inside the caller's transaction q (withIdempotency's, so the key commits with the usage). */
export async function claimPromotionIn(
  q: Queryable,
  playerId: string,
  promotionId: string,
  provider: ProviderCode,
): Promise<PromotionUsage> {
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
          `SELECT 1 FROM orders WHERE player_id = $1 AND kind = 'DEPOSIT' AND status = 'OPEN' AND expires_at > now()`,
          [playerId],
        )
      ).rows.length > 0,
  };
  const promotion = checkClaim(facts);
  try {
    const r = await q.query<{ id: string }>(
      `INSERT INTO promotion_usages (player_id, promotion_id, provider, status, deposit_amount) VALUES ($1, $2, $3, 'ACTIVE', $4) RETURNING id`,
      [playerId, promotion.id, provider, promotion.depositAmount],
    );
    return toUsage((await q.query<UsageRow>(`${USAGE_SELECT} WHERE u.id = $1`, [r.rows[0]!.id])).rows[0]!);
  } catch (err) {
    // Two claims raced past the check: the partial unique index lets one in.
    if (isUniqueViolation(err, 'promotion_usages_one_in_use'))
      throw new DomainError('PROMOTION_USAGE', 'A promotion is already in use');
    throw err;
  }
}

export async function currentUsage(q: Queryable, playerId: string): Promise<PromotionUsage | null> {
  const found = await usageInForce(q, playerId);
  return found ? toUsage(found.row) : null;
}

/** Ends a usage in force; guarded so that of two racing endings one applies. */
export async function endUsage(
  q: Queryable,
  usageId: string,
  status: 'SUCCESS' | 'CANCELED',
): Promise<boolean> {
  const r = await q.query(
    `UPDATE promotion_usages SET status = $2, ended_at = now() WHERE id = $1 AND status IN ('ACTIVE', 'USED')`,
    [usageId, status],
  );
  return r.rowCount === 1;
}

/**
 * Re-evaluates the usage in force: once its deposit was credited and the provider credit fell below the
 * promotion's threshold, the promotion is spent and ends (SUCCESS).
 */
export async function recheckUsage(
  db: Db,
  adapters: Adapters,
  playerId: string,
): Promise<PromotionUsage | null> {
  // The credit is read (and game results booked) before the transaction: never hold one across a call.
  const before = await usageInForce(db, playerId);
  const credit =
    before?.usage.status === 'USED' ? await shownCredit({ db, adapters }, playerId, before.row.provider) : 0;
  return db.tx(async (q) => {
    const found = await usageInForce(q, playerId, true);
    if (!found) return null;
    if (found.usage.status === 'USED' && found.usage.id === before?.usage.id) {
      if (credit < found.terms.creditThreshold) await endUsage(q, found.usage.id, 'SUCCESS');
    }
    return toUsage((await q.query<UsageRow>(`${USAGE_SELECT} WHERE u.id = $1`, [found.usage.id])).rows[0]!);
  });
}

export async function listUsages(q: Queryable, playerId: string, page: number, pageSize: number) {
  const total = await q.query<{ n: unknown }>(
    'SELECT COUNT(*) AS n FROM promotion_usages WHERE player_id = $1',
    [playerId],
  );
  const r = await q.query<UsageRow>(
    `${USAGE_SELECT} WHERE u.player_id = $1 ORDER BY u.used_at DESC, u.id LIMIT $2 OFFSET $3`,
    [playerId, pageSize, (page - 1) * pageSize],
  );
  return { items: r.rows.map(toUsage), page, pageSize, total: toInt(total.rows[0]!.n) };
}

/**
 * Cancels the player's usage in force. A bonus already granted is taken back as far as the credit allows
 * (min(bonus, credit)): what was wagered away is not chased. Simple and never overdraws. The take-back
 * reaches the provider through the outbox (a transfer OUT, delivered after commit).
 */
export async function cancelUsage(
  ctx: AppContext,
  playerId: string,
  usageId: string,
): Promise<PromotionUsage> {
  await prepareCancelUsage(ctx, playerId, usageId);
  const usage = await ctx.db.tx((q) => cancelUsageIn(q, playerId, usageId));
  await deliverPending(ctx, playerId);
  return usage;
}

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
 * cancelUsage inside the caller's transaction q (withIdempotency's, so the key commits with the reversal).
 * Call prepareCancelUsage before it and deliverPending after the commit.
 */
export async function cancelUsageIn(
  q: Queryable,
  playerId: string,
  usageId: string,
): Promise<PromotionUsage> {
  const r = await q.query<UsageRow & { player_id: string }>(
    `${USAGE_SELECT.replace('SELECT ', 'SELECT u.player_id, ')} WHERE u.id = $1 FOR UPDATE OF u`,
    [usageId],
  );
  const row = r.rows[0];
  if (!row || row.player_id !== playerId)
    throw new DomainError('PROMOTION_NOT_FOUND', 'No such promotion usage');
  if (row.status !== 'ACTIVE' && row.status !== 'USED')
    throw new DomainError('PROMOTION_INACTIVE', 'This promotion usage has ended');
  const bonus = toInt(row.bonus_credit);
  if (row.status === 'USED' && bonus > 0) {
    const { player, float } = await playerProviderAccounts(q, playerId, row.provider);
    const liability = await systemAccountId(q, 'promotion_liability', 'THB');
    const locked = await lockAccounts(q, [player, float, liability]);
    const takeBack = Math.min(bonus, locked.get(player)!.balance);
    if (takeBack > 0) {
      const ref = `bonus-back:${usageId}`;
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
    }
  }
  await endUsage(q, usageId, 'CANCELED');
  return toUsage((await q.query<UsageRow>(`${USAGE_SELECT} WHERE u.id = $1`, [usageId])).rows[0]!);
}

/** getWithdrawPromotionInfo: the limits the usage in force puts on withdrawing from `provider`. */
export async function withdrawPromotionInfo(
  db: Db,
  adapters: Adapters,
  playerId: string,
  provider: ProviderCode,
): Promise<WithdrawLimits> {
  const credit = await shownCredit({ db, adapters }, playerId, provider);
  const found = await usageInForce(db, playerId);
  return withdrawLimits(found?.usage, found?.terms, provider, credit);
}
