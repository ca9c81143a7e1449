import { clockNow } from '../../clock';
import type { components } from '@core/contract';
import type { Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';
import { DomainError } from '../../errors';
import type { PromotionTerms } from './promotionRules';
import { exclusionInForce } from '../protection/exclusions';

type Promotion = components['schemas']['Promotion'];
/** The language of promotion texts; Lao when a text lacks the asked one. */
export type Language = components['schemas']['Language'];

export interface PromotionRow {
  id: string;
  title: string;
  description: string;
  /** INACTIVE too once ends_at has passed (PROMOTION_COLUMNS). */
  status: 'ACTIVE' | 'INACTIVE';
  image_url: string | null;
  ends_at: unknown;
  deposit_amount: unknown;
  bonus_percent: number;
  max_bonus_credit: unknown;
  turnover: number;
  first_order_only: boolean;
  withdraw_all: boolean;
  credit_threshold: unknown;
  one_time: boolean;
  max_payout_percent: number;
  min_withdraw_credit: unknown;
}

function toTerms(r: PromotionRow): PromotionTerms {
  return { id: r.id, status: r.status, ...ruleTermsOf(r) };
}

/** The rule columns of a promotion's row. */
export type PromotionRuleRow = Pick<
  PromotionRow,
  | 'deposit_amount'
  | 'bonus_percent'
  | 'max_bonus_credit'
  | 'turnover'
  | 'first_order_only'
  | 'withdraw_all'
  | 'credit_threshold'
  | 'one_time'
  | 'max_payout_percent'
  | 'min_withdraw_credit'
>;

/** A promotion's rules read from its row: what the claim checks and what staff see (promotionAuthoring). */
export function ruleTermsOf(r: PromotionRuleRow): Omit<PromotionTerms, 'id' | 'status'> {
  return {
    depositAmount: toInt(r.deposit_amount),
    bonusPercent: r.bonus_percent,
    maxBonusCredit: toInt(r.max_bonus_credit),
    turnover: r.turnover,
    firstOrderOnly: r.first_order_only,
    withdrawAll: r.withdraw_all,
    creditThreshold: toInt(r.credit_threshold),
    oneTime: r.one_time,
    maxPayoutPercent: r.max_payout_percent,
    minWithdrawCredit: toInt(r.min_withdraw_credit),
  };
}

/**
 * A promotion's columns with its texts in the language bound to `$<langParam>`: that language's row of
 * promotion_texts, else the Lao one, else promotions.title/description. Past ends_at it reads INACTIVE, so
 * the claim rules and the player see an ended promotion alike.
 */
export function promotionSelect(langParam: number): string {
  return `SELECT p.id, p.deposit_amount, p.bonus_percent, p.max_bonus_credit, p.turnover, p.first_order_only,
      p.withdraw_all, p.credit_threshold, p.one_time, p.max_payout_percent, p.min_withdraw_credit, p.image_url, p.ends_at,
      CASE WHEN p.status = 'ACTIVE' AND (p.ends_at IS NULL OR p.ends_at > app_now()) THEN 'ACTIVE' ELSE 'INACTIVE' END AS status,
      COALESCE(t.title, lo.title, p.title) AS title,
      COALESCE(t.description, lo.description, p.description) AS description
    FROM promotions p
    LEFT JOIN promotion_texts t ON t.promotion_id = p.id AND t.lang = $${langParam}
    LEFT JOIN promotion_texts lo ON lo.promotion_id = p.id AND lo.lang = 'lo'`;
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
    maxWithdrawPercent: t.maxPayoutPercent,
    minWithdrawCredit: t.minWithdrawCredit,
    ...(r.image_url ? { imageUrl: r.image_url } : {}),
    ...(r.ends_at ? { endsAt: toIso(r.ends_at) } : {}),
  };
}

/** The promotions offered; a self-excluded player is offered none (RTS 14: no marketing to them). */
export async function listPromotions(
  q: Queryable,
  lang: Language = 'lo',
  playerId?: string,
): Promise<Promotion[]> {
  if (playerId && (await exclusionInForce(q, playerId, await clockNow(q)))?.kind === 'SELF_EXCLUSION')
    return [];
  const r = await q.query<PromotionRow>(`${promotionSelect(1)} ORDER BY p.sort, p.id`, [lang]);
  return r.rows.map(toPromotion);
}

/** The promotions a visitor may be shown on the home page's banners: those in force now, in the same order. */
export async function listPromotionBanners(q: Queryable, lang: Language = 'lo'): Promise<Promotion[]> {
  return (await listPromotions(q, lang)).filter((promotion) => promotion.status === 'ACTIVE');
}

export async function promotionRow(
  q: Queryable,
  id: string,
  lang: Language = 'lo',
): Promise<PromotionRow | undefined> {
  return (await q.query<PromotionRow>(`${promotionSelect(2)} WHERE p.id = $1`, [id, lang])).rows[0];
}

export async function getPromotion(q: Queryable, id: string, lang: Language = 'lo'): Promise<Promotion> {
  const row = await promotionRow(q, id, lang);
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
