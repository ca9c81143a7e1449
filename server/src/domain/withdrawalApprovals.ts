import type { Queryable } from '../db/types';
import { toInt, toIso } from '../db/values';
import { DomainError } from '../errors';
import type { Actor } from './audit';
import type { OrderRow } from './orders';

/**
 * Four eyes on large withdrawals (docs/backoffice.md): above the amount the owner sets, a withdrawal is
 * paid on the approval of two different people. The amount is credit in satang, as the automatic limit is.
 */
export async function fourEyesAbove(q: Queryable): Promise<number | null> {
  const r = await q.query<{ four_eyes_above_satang: unknown }>(
    'SELECT four_eyes_above_satang FROM backoffice_settings WHERE id',
  );
  const value = r.rows[0]?.four_eyes_above_satang;
  return value === null || value === undefined ? null : toInt(value);
}

export async function setFourEyesAbove(q: Queryable, satang: number | null): Promise<void> {
  await q.query('UPDATE backoffice_settings SET four_eyes_above_satang = $1, updated_at = now() WHERE id', [
    satang,
  ]);
}

/** The automatic withdrawal limit the owner set (satang), or null: the server's AUTO_WITHDRAW_MAX_SATANG. */
export async function automaticWithdrawMax(q: Queryable): Promise<number | null> {
  const r = await q.query<{ auto_withdraw_max_satang: unknown }>(
    'SELECT auto_withdraw_max_satang FROM backoffice_settings WHERE id',
  );
  const value = r.rows[0]?.auto_withdraw_max_satang;
  return value === null || value === undefined ? null : toInt(value);
}

export async function setAutomaticWithdrawMax(q: Queryable, satang: number | null): Promise<void> {
  await q.query('UPDATE backoffice_settings SET auto_withdraw_max_satang = $1, updated_at = now() WHERE id', [
    satang,
  ]);
}

/** How many approvals a withdrawal of this much credit needs, under the setting `above`. */
export function approvalsNeededFor(credit: number, above: number | null): 1 | 2 {
  return above !== null && credit > above ? 2 : 1;
}

export interface Approval {
  actor: string;
  at: string;
}

export async function listApprovals(q: Queryable, codes: string[]): Promise<Map<string, Approval[]>> {
  const byCode = new Map<string, Approval[]>(codes.map((c) => [c, []]));
  if (codes.length === 0) return byCode;
  const r = await q.query<{ order_code: string; actor: string; approved_at: unknown }>(
    `SELECT order_code, actor, approved_at FROM withdrawal_approvals WHERE order_code = ANY($1::text[])
     ORDER BY approved_at`,
    [codes],
  );
  for (const row of r.rows)
    byCode.get(row.order_code)?.push({ actor: row.actor, at: toIso(row.approved_at) });
  return byCode;
}

/**
 * Records one approval of an undecided withdrawal, in the caller's transaction with the order row locked,
 * and answers how many it now has and how many it needs. The same person approving twice is refused
 * (409 APPROVAL_SAME_STAFF) while a second approver is awaited.
 */
export async function recordApproval(
  q: Queryable,
  order: OrderRow,
  actor: Actor,
): Promise<{ count: number; needed: 1 | 2 }> {
  const needed = approvalsNeededFor(toInt(order.credit), await fourEyesAbove(q));
  const inserted = await q.query(
    `INSERT INTO withdrawal_approvals (order_code, actor) VALUES ($1, $2)
     ON CONFLICT (order_code, actor) DO NOTHING RETURNING order_code`,
    [order.code, actor.name],
  );
  if (inserted.rowCount === 0)
    throw new DomainError('APPROVAL_SAME_STAFF', 'A second approval must come from someone else');
  const count = await q.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM withdrawal_approvals WHERE order_code = $1',
    [order.code],
  );
  return { count: toInt(count.rows[0]!.n), needed };
}
