import type { Adapters, ProviderCode } from '../adapters';
import type { components } from '@core/contract';
import type { Db, Queryable } from '../db/types';
import { DomainError } from '../errors';
import type { AppContext } from '../context';
import { playerProviderAccounts } from './accounts';
import { providerCredit, shownCredit } from './credits';
import { assertNotExcluded, exclusionInForce } from './protection';
import { hasBankAccount } from './bankAccounts';
import { isUniqueViolation, toInt, toIso } from '../db/values';
import { lockAccounts, playerBalance, postTransfers, systemAccountId } from './ledger';
import { deliverPending, enqueueTransfer } from './outbox';
import { bonusBackReference } from './usageCancel';
import {
  checkClaim,
  withdrawLimits,
  turnoverRequired,
  type PromotionTerms,
  type UsageInForce,
} from './promotionRules';

type Promotion = components['schemas']['Promotion'];
type PromotionUsage = components['schemas']['PromotionUsage'];
type WithdrawPromotionInfo = components['schemas']['WithdrawPromotionInfo'];
/** The language of promotion texts; Lao when a text lacks the asked one. */
export type Language = components['schemas']['Language'];

/** endedAt of a usage still in force (the contract's zero date). */
const ZERO_DATE = '0001-01-01T00:00:00Z';

interface PromotionRow {
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
    minWithdrawCredit: toInt(r.min_withdraw_credit),
  };
}

/**
 * A promotion's columns with its texts in the language bound to `$<langParam>`: that language's row of
 * promotion_texts, else the Lao one, else promotions.title/description. Past ends_at it reads INACTIVE, so
 * the claim rules and the player see an ended promotion alike.
 */
function promotionSelect(langParam: number): string {
  return `SELECT p.id, p.deposit_amount, p.bonus_percent, p.max_bonus_credit, p.turnover, p.first_order_only,
      p.withdraw_all, p.credit_threshold, p.one_time, p.max_payout_percent, p.min_withdraw_credit, p.image_url, p.ends_at,
      CASE WHEN p.status = 'ACTIVE' AND (p.ends_at IS NULL OR p.ends_at > now()) THEN 'ACTIVE' ELSE 'INACTIVE' END AS status,
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
  if (playerId && (await exclusionInForce(q, playerId, new Date()))?.kind === 'SELF_EXCLUSION') return [];
  const r = await q.query<PromotionRow>(`${promotionSelect(1)} ORDER BY p.sort, p.id`, [lang]);
  return r.rows.map(toPromotion);
}

/** The promotions a visitor may be shown on the home page's banners: those in force now, in the same order. */
export async function listPromotionBanners(q: Queryable, lang: Language = 'lo'): Promise<Promotion[]> {
  return (await listPromotions(q, lang)).filter((promotion) => promotion.status === 'ACTIVE');
}

async function promotionRow(
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
function usageSelect(langParam: number): string {
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
function toUsage(r: UsageRow): PromotionUsage {
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

async function usageById(q: Queryable, usageId: string, lang: Language = 'lo'): Promise<PromotionUsage> {
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

export async function claimPromotion(
  ctx: AppContext,
  playerId: string,
  promotionId: string,
  provider: ProviderCode,
): Promise<PromotionUsage> {
  await prepareClaim(ctx, playerId, provider);
  return ctx.db.tx((q) => claimPromotionIn(q, playerId, promotionId, provider));
}

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
 * claimPromotion inside the caller's transaction q (withIdempotency's, so the key commits with the usage).
 * Call prepareClaim before it.
 */
export async function claimPromotionIn(
  q: Queryable,
  playerId: string,
  promotionId: string,
  provider: ProviderCode,
): Promise<PromotionUsage> {
  await assertNotExcluded(q, playerId, new Date());
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

/**
 * The usage in force with its texts in `lang`. A USED one's provider wallet is read first (outside any
 * transaction; the ledger's figures serve when it does not answer), so its turnover done is current.
 */
export async function currentUsage(
  ctx: Pick<AppContext, 'db' | 'adapters'>,
  playerId: string,
  lang: Language = 'lo',
): Promise<PromotionUsage | null> {
  const before = await usageInForce(ctx.db, playerId);
  if (before?.usage.status === 'USED') await shownCredit(ctx, playerId, before.row.provider);
  const found = await usageInForce(ctx.db, playerId, false, lang);
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
    return usageById(q, found.usage.id);
  });
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

/**
 * Cancels the player's usage in force. A bonus already granted is taken back as far as the credit allows
 * (min(bonus, credit)): what was wagered away is not chased. Simple and never overdraws. The take-back
 * reaches the provider through the outbox (a transfer OUT, delivered after commit), and the usage ends
 * CANCELED only when the provider has taken it (usageCancel.ts): a refused take-back leaves the promotion in
 * force with its rules, never cancelled with its bonus kept.
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
      const ref = bonusBackReference(usageId, attempt);
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

/** getWithdrawPromotionInfo: the limits the usage in force puts on withdrawing from `provider`. */
export async function withdrawPromotionInfo(
  db: Db,
  adapters: Adapters,
  playerId: string,
  provider: ProviderCode,
): Promise<WithdrawPromotionInfo> {
  const credit = await shownCredit({ db, adapters }, playerId, provider);
  const found = await usageInForce(db, playerId);
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

/** Operators: one promotion as `npm run ops -- promotions list` shows it. */
export interface OpsPromotion {
  id: string;
  status: 'ACTIVE' | 'INACTIVE';
  endsAt: string | null;
  imageUrl: string | null;
  /** The languages it has texts in. */
  languages: Language[];
  title: string;
}

export async function listPromotionsForOps(q: Queryable): Promise<OpsPromotion[]> {
  const r = await q.query<PromotionRow & { languages: Language[] | null }>(
    `${promotionSelect(1).replace(
      'FROM promotions p',
      `, (SELECT array_agg(x.lang ORDER BY x.lang) FROM promotion_texts x WHERE x.promotion_id = p.id) AS languages
    FROM promotions p`,
    )} ORDER BY p.sort, p.id`,
    ['lo'],
  );
  return r.rows.map((row) => ({
    id: row.id,
    status: row.status,
    endsAt: row.ends_at ? toIso(row.ends_at) : null,
    imageUrl: row.image_url,
    languages: row.languages ?? [],
    title: row.title,
  }));
}

async function requirePromotion(q: Queryable, id: string): Promise<void> {
  const r = await q.query('SELECT 1 FROM promotions WHERE id = $1', [id]);
  if (r.rows.length === 0) throw new DomainError('PROMOTION_NOT_FOUND', `No promotion ${id}`);
}

/** Operators: a promotion's title and description in one language (replaces that language's text). */
export async function setPromotionText(
  db: Db,
  id: string,
  lang: Language,
  text: { title: string; description: string },
): Promise<void> {
  await db.tx(async (q) => {
    await requirePromotion(q, id);
    await q.query(
      `INSERT INTO promotion_texts (promotion_id, lang, title, description) VALUES ($1, $2, $3, $4)
       ON CONFLICT (promotion_id, lang) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description`,
      [id, lang, text.title, text.description],
    );
  });
}

/** Operators: the artwork's address. Same origin only (a path such as /promotions/x.svg): the CSP allows no other. */
export async function setPromotionImage(db: Db, id: string, url: string): Promise<void> {
  if (!/^\/(?!\/)[A-Za-z0-9._~/-]+$/.test(url))
    throw new DomainError(
      'VALIDATION_ERROR',
      'The image address must be a same-origin path, e.g. /promotions/x.svg',
    );
  await db.tx(async (q) => {
    await requirePromotion(q, id);
    await q.query('UPDATE promotions SET image_url = $2 WHERE id = $1', [id, url]);
  });
}

/** Operators: when the promotion ends (a past date ends it now: it reads INACTIVE and cannot be claimed). */
export async function setPromotionEnd(db: Db, id: string, endsAt: Date): Promise<void> {
  await db.tx(async (q) => {
    await requirePromotion(q, id);
    await q.query('UPDATE promotions SET ends_at = $2 WHERE id = $1', [id, endsAt.toISOString()]);
  });
}
