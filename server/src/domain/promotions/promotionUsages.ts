import type { ProviderCode } from '../../adapters';
import type { components } from '@core/contract';
import { ZERO_DATE } from '@core/zeroDate';
import type { Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';
import { promotionTerms, type Language } from './promotionCatalogue';
import { turnoverRequired } from '@core/promotionLimits';
import type { PromotionTerms, UsageInForce } from './promotionRules';

type PromotionUsage = components['schemas']['PromotionUsage'];

export interface UsageRow {
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
  turnover: number;
  bets_baseline: unknown;
  bets_seen: unknown;
  cancel_reference: string | null;
  cancel_attempts: number;
}

/**
 * A usage with its promotion's title in the language bound to `$<langParam>` (as promotionSelect), and
 * the provider's betsTotal as last read (provider_game_results.bets_seen, recorded by bookGameResults).
 */
export function usageSelect(langParam: number): string {
  return `SELECT u.id, u.promotion_id, COALESCE(t.title, lo.title, p.title) AS title, u.provider, u.status,
      u.used_at, u.deposit_amount, u.deposit_credit, u.bonus_credit, u.ended_at, p.turnover, u.bets_baseline,
      COALESCE(g.bets_seen, 0) AS bets_seen, u.cancel_reference, u.cancel_attempts
    FROM promotion_usages u
    JOIN promotions p ON p.id = u.promotion_id
    LEFT JOIN promotion_texts t ON t.promotion_id = p.id AND t.lang = $${langParam}
    LEFT JOIN promotion_texts lo ON lo.promotion_id = p.id AND lo.lang = 'lo'
    LEFT JOIN provider_game_results g ON g.player_id = u.player_id AND g.provider = u.provider`;
}

/** Stakes since the claim; never negative (a provider's total only grows). */
function turnoverDoneOf(r: UsageRow): number {
  return Math.max(0, toInt(r.bets_seen) - toInt(r.bets_baseline));
}

/** Turnover progress is shown while the usage is USED: before its deposit nothing is required yet. */
export function toUsage(r: UsageRow): PromotionUsage {
  const progress =
    r.status === 'USED'
      ? {
          turnoverRequired: turnoverRequired(
            { depositCredit: toInt(r.deposit_credit), bonusCredit: toInt(r.bonus_credit) },
            r.turnover,
          ),
          turnoverDone: turnoverDoneOf(r),
        }
      : {};
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
    ...progress,
    ...(r.cancel_reference ? { cancelPending: true } : {}),
  };
}

export async function usageById(
  q: Queryable,
  usageId: string,
  lang: Language = 'lo',
): Promise<PromotionUsage> {
  return toUsage((await q.query<UsageRow>(`${usageSelect(2)} WHERE u.id = $1`, [usageId, lang])).rows[0]!);
}

/** The usage in force (ACTIVE or USED) with its terms; lock it with forUpdate inside a transaction. */
export async function usageInForce(
  q: Queryable,
  playerId: string,
  forUpdate = false,
  lang: Language = 'lo',
): Promise<{ usage: UsageInForce; terms: PromotionTerms; row: UsageRow } | undefined> {
  const r = await q.query<UsageRow>(
    `${usageSelect(2)} WHERE u.player_id = $1 AND u.status IN ('ACTIVE', 'USED')${forUpdate ? ' FOR UPDATE OF u' : ''}`,
    [playerId, lang],
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
      turnoverDone: turnoverDoneOf(row),
    },
    terms,
    row,
  };
}

/** Ends a usage in force; guarded so that of two racing endings one applies. */
export async function endUsage(
  q: Queryable,
  usageId: string,
  status: 'SUCCESS' | 'CANCELED',
): Promise<boolean> {
  const r = await q.query(
    `UPDATE promotion_usages SET status = $2, ended_at = app_now() WHERE id = $1 AND status IN ('ACTIVE', 'USED')`,
    [usageId, status],
  );
  return r.rowCount === 1;
}

export async function listUsages(
  q: Queryable,
  playerId: string,
  page: number,
  pageSize: number,
  lang: Language = 'lo',
) {
  const total = await q.query<{ n: unknown }>(
    'SELECT COUNT(*) AS n FROM promotion_usages WHERE player_id = $1',
    [playerId],
  );
  const r = await q.query<UsageRow>(
    `${usageSelect(4)} WHERE u.player_id = $1 ORDER BY u.used_at DESC, u.id LIMIT $2 OFFSET $3`,
    [playerId, pageSize, (page - 1) * pageSize, lang],
  );
  return { items: r.rows.map(toUsage), page, pageSize, total: toInt(total.rows[0]!.n) };
}
