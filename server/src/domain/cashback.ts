import { randomUUID } from 'node:crypto';
import { cashbackFor, cashbackProvider, type CashbackReason } from '@core/cashback';
import type { components } from '@core/contract';
import { periodOf, type RewardPeriod, type RewardPeriodKind } from '@core/rewardPeriods';
import { ZERO_DATE } from '@core/zeroDate';
import type { ProviderCode } from '../adapters';
import type { Queryable } from '../db/types';
import { toInt, toIso } from '../db/values';
import { DomainError } from '../errors';
import { refuseWithheld, withheldReason } from './rewardProtection';
import { cashbackRef } from './references';
import { creditRewardIn, rewardTurnovers, type RewardTurnover } from './rewardCredits';
import { CASHBACK_CLAIM_DAYS, readCashbackSettings, type CashbackSettings } from './rewardSettings';
import { gameResults } from './statement';

/**
 * Loss cashback (docs/rewards.md): a rate of a period's net game loss, paid back once per player and
 * period to the provider where they lost most, with its own turnover. A period's figures are the game
 * results booked in it (GAME_RESULT transfers), the same figures the account statement shows.
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

/** The terms, the running period's figures and the player's last payments, as the Rewards page shows them. */
export async function cashbackOverview(q: Queryable, playerId: string, now: Date): Promise<CashbackOverview> {
  const settings = await readCashbackSettings(q);
  const period = periodOf(settings.period, now);
  const providers = await gameResults(q, playerId, period.start, period.end);
  const net = providers.reduce((sum, p) => sum + p.net, 0);
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
     WHERE t.kind = 'GAME_RESULT' AND NOT a.is_system AND t.created_at >= $1 AND t.created_at < $2
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
  await q.query(`UPDATE cashback_payments SET status = 'PAID', paid_at = now() WHERE id = $1`, [payment.id]);
}

/** A period's cashback as settling it wrote it. */
export interface SettledCashback {
  id: string;
  status: PaymentStatus;
  amount: number;
  provider: ProviderCode;
}

/**
 * Settles one player's cashback of an ended period, in the caller's transaction: once per player and
 * period (the row's unique key; a second runner or a rerun finds it and does nothing). Nothing is
 * recorded for a period that pays nothing. Returns the payment when this call wrote it.
 */
export async function settleCashbackIn(
  q: Queryable,
  playerId: string,
  period: RewardPeriod,
  settings: CashbackSettings,
  now: Date,
): Promise<SettledCashback | undefined> {
  const results = await gameResults(q, playerId, period.start, period.end);
  const net = results.reduce((sum, r) => sum + r.net, 0);
  const { amount } = cashbackFor(net, settings);
  if (amount === 0) return undefined;
  const provider = cashbackProvider(results);
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
      net,
      provider,
      settings.rateBasisPoints,
      amount,
      // Written CLAIMABLE until credited below, so the row and its transfer commit together.
      status === 'PAID' ? 'CLAIMABLE' : status,
      status === 'CLAIMABLE' ? new Date(now.getTime() + CASHBACK_CLAIM_DAYS * DAY_MS).toISOString() : null,
    ],
  );
  if (inserted.rows.length === 0) return undefined;
  if (status === 'PAID') await creditCashbackIn(q, { id, playerId, provider, amount }, settings.turnover);
  return { id, status, amount, provider };
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
  const settings = await readCashbackSettings(q);
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
