import { randomUUID } from 'node:crypto';
import { cashbackFor, cashbackProvider, type CashbackReason } from '@core/cashback';
import type { components } from '@core/contract';
import { PROVIDERS } from '@core/providers';
import { periodOf, type RewardPeriod, type RewardPeriodKind } from '@core/rewardPeriods';
import { ZERO_DATE } from '@core/zeroDate';
import type { ProviderCode } from '../../adapters';
import type { Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';
import { DomainError } from '../../errors';
import { refuseWithheld, withheldReason } from './rewardProtection';
import { cashbackRef } from '../ledger/references';
import { creditRewardIn, rewardTurnovers, type RewardTurnover } from './rewardCredits';
import { CASHBACK_CLAIM_DAYS, readCashbackSettings, type CashbackSettings } from './rewardSettings';
import { lockPlayer } from '../players/players';
import { GAME_PLAY_KINDS_SQL } from '@core/ledgerKinds';

/**
 * Loss cashback (docs/rewards.md): a rate of a period's net game loss, paid back once per player and
 * period to the provider where they lost most, with its own turnover. A period's figures are the game
 * results booked in it (GAME_RESULT transfers), the same figures the account statement shows, less those
 * an earlier payment settled already: each result is settled by at most one payment
 * (cashback_covered_results), whatever periods were settled before.
 */

type CashbackPayment = components['schemas']['CashbackPayment'];
type PaymentStatus = CashbackPayment['status'];
type CashbackOverview = components['schemas']['CashbackOverview'];

const DAY_MS = 24 * 3_600_000;

interface PaymentRow {
  id: string;
  player_id: string;
  period: RewardPeriodKind;
  period_start: unknown;
  period_end: unknown;
  net_result: unknown;
  provider: ProviderCode;
  amount: unknown;
  status: PaymentStatus;
  claim_until: unknown;
  paid_at: unknown;
}

const PAYMENT_COLUMNS = `c.id, c.player_id, c.period, c.period_start, c.period_end, c.net_result, c.provider,
  c.amount, c.status, c.claim_until, c.paid_at`;
const PAYMENT_FROM = 'cashback_payments c';

function toPayment(row: PaymentRow, now: Date, turnover: RewardTurnover | undefined): CashbackPayment {
  const claimUntil = row.claim_until === null ? null : new Date(toIso(row.claim_until));
  // A claim window that has passed reads EXPIRED before the job has written it.
  const status = row.status === 'CLAIMABLE' && claimUntil && claimUntil <= now ? 'EXPIRED' : row.status;
  return {
    id: row.id,
    period: row.period,
    periodStart: toIso(row.period_start),
    periodEnd: toIso(row.period_end),
    net: toInt(row.net_result),
    provider: row.provider,
    amount: toInt(row.amount),
    status,
    paidAt: row.paid_at === null ? ZERO_DATE : toIso(row.paid_at),
    claimUntil: claimUntil?.toISOString() ?? ZERO_DATE,
    turnoverRequired: turnover?.required ?? 0,
    turnoverDone: turnover?.done ?? 0,
  };
}

/** Payment rows as the contract shows them, each with the turnover of its credit. */
async function toPayments(q: Queryable, rows: PaymentRow[], now: Date): Promise<CashbackPayment[]> {
  const turnovers = await rewardTurnovers(
    q,
    rows.map((row) => cashbackRef(row.id)),
  );
  return rows.map((row) => toPayment(row, now, turnovers.get(cashbackRef(row.id))));
}

/** A period's game results not settled by a payment yet: each provider's net, and the results' transfers. */
interface OpenResults {
  providers: { provider: ProviderCode; net: number }[];
  net: number;
  transferIds: string[];
  /** Whether the period holds results that earlier payments settled. */
  anyCovered: boolean;
}

async function openResults(q: Queryable, playerId: string, period: RewardPeriod): Promise<OpenResults> {
  const r = await q.query<{ id: unknown; provider: ProviderCode; amount: unknown; covered: boolean }>(
    `SELECT t.id::text AS id, a.provider, p.amount::text AS amount, c.transfer_id IS NOT NULL AS covered
     FROM ledger_postings p
     JOIN ledger_transfers t ON t.id = p.transfer_id
     JOIN ledger_accounts a ON a.id = p.account_id
     LEFT JOIN cashback_covered_results c ON c.transfer_id = t.id
     WHERE a.player_id = $1 AND NOT a.is_system AND t.kind IN ${GAME_PLAY_KINDS_SQL}
       AND COALESCE(t.played_at, t.created_at) >= $2 AND COALESCE(t.played_at, t.created_at) < $3`,
    [playerId, period.start.toISOString(), period.end.toISOString()],
  );
  const byProvider = new Map<ProviderCode, number>();
  const transferIds: string[] = [];
  let anyCovered = false;
  for (const row of r.rows) {
    if (row.covered) {
      anyCovered = true;
      continue;
    }
    transferIds.push(String(row.id));
    byProvider.set(row.provider, (byProvider.get(row.provider) ?? 0) + toInt(row.amount));
  }
  const providers = PROVIDERS.map((provider) => ({ provider, net: byProvider.get(provider) ?? 0 }));
  return { providers, net: providers.reduce((sum, p) => sum + p.net, 0), transferIds, anyCovered };
}

/** The terms, the running period's figures and the player's last payments, as the Rewards page shows them. */
export async function cashbackOverview(q: Queryable, playerId: string, now: Date): Promise<CashbackOverview> {
  const settings = await readCashbackSettings(q, now);
  const period = periodOf(settings.period, now);
  const { providers, net } = await openResults(q, playerId, period);
  const paused = await withheldReason(q, playerId, now);
  const figured = cashbackFor(net, settings);
  const reason: CashbackReason | 'PAUSED' | 'DISABLED' = !settings.enabled
    ? 'DISABLED'
    : paused
      ? 'PAUSED'
      : figured.reason;
  const payments = await q.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_FROM} WHERE c.player_id = $1 ORDER BY c.period_start DESC LIMIT 20`,
    [playerId],
  );
  return {
    enabled: settings.enabled,
    terms: {
      period: settings.period,
      rateBasisPoints: settings.rateBasisPoints,
      minLoss: settings.minLoss,
      maxPayment: settings.maxPayment,
      turnover: settings.turnover,
      payment: settings.payment,
      claimDays: CASHBACK_CLAIM_DAYS,
    },
    current: {
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      providers,
      net,
      cashback: reason === 'PAYS' ? figured.amount : 0,
      reason,
    },
    payments: await toPayments(q, payments.rows, now),
  };
}

/** The players with game results booked in a period: the only ones a period can pay. */
export async function playersWithResults(q: Queryable, period: RewardPeriod): Promise<string[]> {
  const r = await q.query<{ player_id: string }>(
    `SELECT DISTINCT a.player_id FROM ledger_transfers t
     JOIN ledger_postings p ON p.transfer_id = t.id
     JOIN ledger_accounts a ON a.id = p.account_id
     WHERE t.kind IN ${GAME_PLAY_KINDS_SQL} AND NOT a.is_system
       AND COALESCE(t.played_at, t.created_at) >= $1 AND COALESCE(t.played_at, t.created_at) < $2
     ORDER BY a.player_id`,
    [period.start.toISOString(), period.end.toISOString()],
  );
  return r.rows.map((row) => row.player_id);
}

/** Credits a payment's cashback at its provider and marks it PAID, in the caller's transaction. */
async function creditCashbackIn(
  q: Queryable,
  payment: { id: string; playerId: string; provider: ProviderCode; amount: number },
  turnover: number,
): Promise<void> {
  await creditRewardIn(q, {
    reference: cashbackRef(payment.id),
    kind: 'CASHBACK',
    playerId: payment.playerId,
    provider: payment.provider,
    amount: payment.amount,
    turnover,
  });
  await q.query(`UPDATE cashback_payments SET status = 'PAID', paid_at = app_now() WHERE id = $1`, [
    payment.id,
  ]);
}

/** A period's cashback as settling it wrote it. */
export interface SettledCashback {
  id: string;
  status: PaymentStatus;
  amount: number;
  provider: ProviderCode;
}

/**
 * What settling one player's period found: a payment written now, nothing because every result in it was
 * settled by earlier payments (another period holding the same days, or a rerun), or nothing to pay.
 */
export type CashbackSettlement = SettledCashback | 'COVERED' | undefined;

/**
 * Where a period's cashback would be credited, if it pays: read before its transaction, so the provider's
 * wallet is asked first and the reward's turnover starts from stakes the provider reported just now.
 */
export async function cashbackDue(
  q: Queryable,
  playerId: string,
  period: RewardPeriod,
  settings: CashbackSettings,
): Promise<ProviderCode | undefined> {
  const open = await openResults(q, playerId, period);
  return cashbackFor(open.net, settings).amount > 0 ? cashbackProvider(open.providers) : undefined;
}

/**
 * Settles one player's cashback of an ended period, in the caller's transaction, under the player's lock:
 * the results of the period no payment settled yet pay once, and the payment records which results it
 * settled, so no other period (of either kind, run by the job or an operator) pays them again. Once per
 * player, period kind and start as well (the row's unique key). Nothing is recorded for a period that pays
 * nothing.
 */
export async function settleCashbackIn(
  q: Queryable,
  playerId: string,
  period: RewardPeriod,
  settings: CashbackSettings,
  now: Date,
): Promise<CashbackSettlement> {
  await lockPlayer(q, playerId);
  const open = await openResults(q, playerId, period);
  const { amount } = cashbackFor(open.net, settings);
  if (amount === 0) return open.transferIds.length === 0 && open.anyCovered ? 'COVERED' : undefined;
  const provider = cashbackProvider(open.providers);
  const status: PaymentStatus =
    (await withheldReason(q, playerId, now)) ?? (settings.payment === 'AUTO' ? 'PAID' : 'CLAIMABLE');
  const id = randomUUID();
  const inserted = await q.query(
    `INSERT INTO cashback_payments (id, player_id, period, period_start, period_end, net_result, provider, rate_bp,
       amount, status, claim_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (player_id, period, period_start) DO NOTHING RETURNING id`,
    [
      id,
      playerId,
      period.kind,
      period.start.toISOString(),
      period.end.toISOString(),
      open.net,
      provider,
      settings.rateBasisPoints,
      amount,
      // Written CLAIMABLE until credited below, so the row and its transfer commit together.
      status === 'PAID' ? 'CLAIMABLE' : status,
      status === 'CLAIMABLE' ? new Date(now.getTime() + CASHBACK_CLAIM_DAYS * DAY_MS).toISOString() : null,
    ],
  );
  // The period was paid before (settled early): what it did not hold then waits for no other period of it.
  if (inserted.rows.length === 0) return 'COVERED';
  await q.query(
    `INSERT INTO cashback_covered_results (transfer_id, payment_id) SELECT unnest($1::bigint[]), $2`,
    [open.transferIds, id],
  );
  if (status === 'PAID') await creditCashbackIn(q, { id, playerId, provider, amount }, settings.turnover);
  return { id, status, amount, provider };
}

/** The provider a player's cashback payment is credited at, if the payment is theirs. */
export async function paymentProvider(
  q: Queryable,
  playerId: string,
  paymentId: string,
): Promise<ProviderCode | undefined> {
  const r = await q.query<{ provider: ProviderCode }>(
    'SELECT provider FROM cashback_payments WHERE id = $1 AND player_id = $2',
    [paymentId, playerId],
  );
  return r.rows[0]?.provider;
}

/**
 * The player claims a cashback waiting for them (the agency pays on claim), in the caller's transaction:
 * refused in a time-out or self-exclusion, when blocked from promotions, once paid, or after its window.
 */
export async function claimCashbackIn(
  q: Queryable,
  playerId: string,
  paymentId: string,
  now: Date,
): Promise<CashbackPayment> {
  const r = await q.query<{
    status: PaymentStatus;
    claim_until: unknown;
    provider: ProviderCode;
    amount: unknown;
  }>(
    'SELECT status, claim_until, provider, amount FROM cashback_payments WHERE id = $1 AND player_id = $2 FOR UPDATE',
    [paymentId, playerId],
  );
  const row = r.rows[0];
  if (!row) throw new DomainError('REWARD_NOT_FOUND', 'No such cashback');
  const withheld = await withheldReason(q, playerId, now);
  refuseWithheld(withheld);
  const open =
    row.status === 'CLAIMABLE' && row.claim_until !== null && new Date(toIso(row.claim_until)) > now;
  if (!open) throw new DomainError('REWARD_NOT_CLAIMABLE', 'This cashback is paid, expired or withheld');
  const settings = await readCashbackSettings(q, now);
  await creditCashbackIn(
    q,
    { id: paymentId, playerId, provider: row.provider, amount: toInt(row.amount) },
    settings.turnover,
  );
  return (await findPayment(q, playerId, paymentId, now))!;
}

async function findPayment(
  q: Queryable,
  playerId: string,
  paymentId: string,
  now: Date,
): Promise<CashbackPayment | undefined> {
  const r = await q.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_FROM} WHERE c.id = $1 AND c.player_id = $2`,
    [paymentId, playerId],
  );
  return r.rows[0] && (await toPayments(q, r.rows, now))[0];
}

/** A player's cashback payments, newest period first (the operator's `rewards list`). */
export async function listCashbackPayments(
  q: Queryable,
  playerId: string,
  now: Date,
): Promise<CashbackPayment[]> {
  const r = await q.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_FROM} WHERE c.player_id = $1 ORDER BY c.period_start DESC`,
    [playerId],
  );
  return toPayments(q, r.rows, now);
}

/** Claim windows that have passed are written EXPIRED (reads show them so already). */
export async function expireCashbackClaims(q: Queryable, now: Date): Promise<number> {
  const r = await q.query(
    `UPDATE cashback_payments SET status = 'EXPIRED' WHERE status = 'CLAIMABLE' AND claim_until <= $1 RETURNING id`,
    [now.toISOString()],
  );
  return r.rows.length;
}
