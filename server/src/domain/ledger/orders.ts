import { randomBytes } from 'node:crypto';
import type { components } from '@core/contract';
import type { Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';
import { notifyOrderChanged } from './orderEvents';

export type Order = components['schemas']['Order'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type OrderKind = Order['kind'];
export type ReturnReason = NonNullable<Order['returned']>['reason'];
export type RejectReason = NonNullable<Order['rejectReason']>;

/** An orders row as selected by ORDER_COLUMNS. */
export interface OrderRow {
  code: string;
  kind: OrderKind;
  player_id: string;
  provider: Order['provider'];
  amount: unknown;
  currency: 'LAK';
  credit: unknown;
  bonus_credit: unknown;
  returned_credit: unknown;
  rate: string;
  status: OrderStatus;
  bank: Order['bank'];
  mid: string | null;
  bank_account_id: string | null;
  usage_id: string | null;
  qr_text: string | null;
  bank_reference: string | null;
  paid_after_close: boolean;
  payout_automatic: boolean;
  payout_started_at: unknown;
  payout_review_reason: NonNullable<NonNullable<Order['payout']>['review']>['reason'] | null;
  payout_review_by: unknown;
  credited_at: unknown;
  return_reason: ReturnReason | null;
  reject_reason: RejectReason | null;
  return_bank_account_id: string | null;
  return_started_at: unknown;
  return_paid_at: unknown;
  created_at: unknown;
  updated_at: unknown;
  expires_at: unknown;
}

export const ORDER_COLUMNS = `code, kind, player_id, provider, amount, currency, credit, bonus_credit, returned_credit, rate,
  status, bank, mid, bank_account_id, usage_id, qr_text, bank_reference, paid_after_close, payout_automatic,
  payout_started_at, payout_review_reason, payout_review_by, credited_at, return_reason, return_bank_account_id, return_started_at, return_paid_at,
  reject_reason,
  created_at, updated_at, expires_at`;

export function toOrder(row: OrderRow): Order {
  const order: Order = {
    code: row.code,
    kind: row.kind,
    provider: row.provider,
    amount: toInt(row.amount),
    currency: row.currency,
    credit: toInt(row.credit),
    status: row.status,
    bank: row.bank,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
  const bonus = toInt(row.bonus_credit);
  if (bonus > 0) order.bonusCredit = bonus;
  if (row.mid) order.mid = row.mid;
  if (row.expires_at) order.expiresAt = toIso(row.expires_at);
  if (row.paid_after_close) order.paidAfterClose = true;
  if (row.kind === 'WITHDRAW') order.payout = payoutOf(row);
  if (row.return_reason) order.returned = { reason: row.return_reason, stage: returnStage(row) };
  if (row.reject_reason) order.rejectReason = row.reject_reason;
  return order;
}

type PayoutStage = NonNullable<Order['payout']>['stage'];

/** A withdrawal's payout; while it waits for the operator, why and by when they are expected to decide. */
function payoutOf(row: OrderRow): NonNullable<Order['payout']> {
  const payout: NonNullable<Order['payout']> = { automatic: row.payout_automatic, stage: payoutStage(row) };
  if (payout.stage === 'RECEIVED' && row.payout_review_reason && row.payout_review_by)
    payout.review = { reason: row.payout_review_reason, expectedBy: toIso(row.payout_review_by) };
  return payout;
}

/** Where a withdrawal's payout stands, from its status and whether the payout left for the bank. */
export function payoutStage(row: Pick<OrderRow, 'status' | 'payout_started_at'>): PayoutStage {
  if (row.status === 'SUCCESS') return 'PAID';
  if (row.status === 'OPEN') return row.payout_started_at ? 'PROCESSING' : 'RECEIVED';
  return 'RETURNED';
}

type ReturnStage = NonNullable<Order['returned']>['stage'];

/** Where a returned payment's way back to the player's bank stands. */
function returnStage(
  row: Pick<OrderRow, 'return_bank_account_id' | 'return_started_at' | 'return_paid_at'>,
): ReturnStage {
  if (row.return_paid_at) return 'PAID';
  return row.return_bank_account_id ? 'PROCESSING' : 'WAITING_FOR_BANK_ACCOUNT';
}

// Crockford base32: no I, L, O, U, so a code read aloud or typed is not misread.
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'D' or 'W' + yymmdd (UTC) + 10 random base32 characters (50 bits): matches ^[DW][0-9A-Z]{10,30}$. */
export function newOrderCode(kind: OrderKind, now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, '');
  const bytes = randomBytes(10);
  let random = '';
  for (const b of bytes) random += BASE32[b & 31];
  return (kind === 'DEPOSIT' ? 'D' : 'W') + day + random;
}

export async function findOrder(
  q: Queryable,
  code: string,
  opts: { playerId?: string; forUpdate?: boolean } = {},
): Promise<OrderRow | undefined> {
  const params: unknown[] = [code];
  let where = 'code = $1';
  if (opts.playerId) {
    params.push(opts.playerId);
    where += ' AND player_id = $2';
  }
  const r = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where}${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    params,
  );
  return r.rows[0];
}

/**
 * Moves an order from one status to the next, guarded by the expected current status: of two racing
 * transitions exactly one matches the guard. Orders only move forward, with one exception: a bank payment
 * that arrives for a CANCELED or FAILED deposit moves it on to PAID and SUCCESS, marked paid_after_close
 * (payments.ts), because the player's money did arrive. Returns the updated row, or undefined when the guard failed.
 * A transition publishes an order event (orderEvents.ts), sent when the caller's transaction commits.
 */
export async function transition(
  q: Queryable,
  code: string,
  from: OrderStatus,
  to: OrderStatus,
  extra: {
    bankReference?: string;
    bonusCredit?: number;
    paidAfterClose?: boolean;
    /** The deposit is credited now: it counts against the player's limits from this moment. */
    credited?: boolean;
    returnReason?: ReturnReason;
    rejectReason?: RejectReason;
  } = {},
): Promise<OrderRow | undefined> {
  const r = await q.query<OrderRow>(
    `UPDATE orders SET status = $3, updated_at = app_now(),
       bank_reference = COALESCE($4, bank_reference), bonus_credit = COALESCE($5, bonus_credit),
       paid_after_close = COALESCE($6, paid_after_close),
       credited_at = CASE WHEN $7::boolean THEN app_now() ELSE credited_at END,
       return_reason = COALESCE($8, return_reason), reject_reason = COALESCE($9, reject_reason)
     WHERE code = $1 AND status = $2 RETURNING ${ORDER_COLUMNS}`,
    [
      code,
      from,
      to,
      extra.bankReference ?? null,
      extra.bonusCredit ?? null,
      extra.paidAfterClose ?? null,
      extra.credited ?? false,
      extra.returnReason ?? null,
      extra.rejectReason ?? null,
    ],
  );
  const row = r.rows[0];
  if (row) await notifyOrderChanged(q, { playerId: row.player_id, code });
  return row;
}

export async function listOrdersPage(
  q: Queryable,
  playerId: string,
  kind: OrderKind,
  page: number,
  pageSize: number,
) {
  const total = await q.query<{ n: unknown }>(
    'SELECT COUNT(*) AS n FROM orders WHERE player_id = $1 AND kind = $2',
    [playerId, kind],
  );
  const r = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE player_id = $1 AND kind = $2
     ORDER BY created_at DESC, code DESC LIMIT $3 OFFSET $4`,
    [playerId, kind, pageSize, (page - 1) * pageSize],
  );
  return { items: r.rows.map(toOrder), page, pageSize, total: toInt(total.rows[0]!.n) };
}

export async function listOpenOrders(q: Queryable, playerId: string, kind: OrderKind): Promise<Order[]> {
  const r = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE player_id = $1 AND kind = $2 AND status = 'OPEN' ORDER BY created_at DESC`,
    [playerId, kind],
  );
  return r.rows.map(toOrder);
}

/** For the operator: orders of a kind, optionally of one status, oldest first. */
export async function listOrdersForOps(
  q: Queryable,
  kind: OrderKind,
  status?: OrderStatus,
): Promise<OrderRow[]> {
  const r = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE kind = $1 AND ($2::text IS NULL OR status = $2::text) ORDER BY created_at`,
    [kind, status ?? null],
  );
  return r.rows;
}
