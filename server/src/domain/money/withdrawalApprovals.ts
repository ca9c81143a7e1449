import type { Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';
import { DomainError } from '../../errors';
import type { Actor } from '../ledger/audit';
import type { OrderRow } from '../ledger/orders';

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
  await q.query(
    'UPDATE backoffice_settings SET four_eyes_above_satang = $1, updated_at = app_now() WHERE id',
    [satang],
  );
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
  await q.query(
    'UPDATE backoffice_settings SET auto_withdraw_max_satang = $1, updated_at = app_now() WHERE id',
    [satang],
  );
}

/**
 * The automatic limit in force: the owner's (else the server's default), never above the four-eyes amount.
 * Settings refuse a four-eyes amount below the limit (assertFourEyesCoversAutomatic); this keeps to it also
 * when AUTO_WITHDRAW_MAX_SATANG is raised later, so no withdrawal two approvers should see is paid by none.
 */
export async function automaticLimitInForce(q: Queryable, serverDefault: number): Promise<number> {
  const limit = (await automaticWithdrawMax(q)) ?? serverDefault;
  const above = await fourEyesAbove(q);
  return above === null ? limit : Math.min(limit, above);
}

/**
 * A four-eyes amount below the automatic limit would let withdrawals between the two be paid without any
 * approver: refused (FOUR_EYES_BELOW_AUTOMATIC). `automatic` is the limit in force, the owner's or the
 * server's default; 0 (no automatic payouts) fits any amount, and four eyes off (null) fits any limit.
 */
export function assertFourEyesCoversAutomatic(above: number | null, automatic: number): void {
  if (above !== null && automatic > 0 && above < automatic)
    throw new DomainError(
      'FOUR_EYES_BELOW_AUTOMATIC',
      'The four-eyes amount is below the automatic limit: lower the automatic limit or raise the amount',
      [{ field: 'fourEyesAboveCredit', message: `below the automatic limit ${automatic}` }],
    );
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

/** Someone deciding money as a staff member, on the screen or at the terminal (`--as`): who they are. */
export interface StaffActor extends Actor {
  staffId: string;
}

/**
 * Records one approval of an undecided withdrawal, in the caller's transaction with the order row locked,
 * and answers how many it now has and how many it needs. Approvals are counted by staff member, whichever
 * screen or command gave them: the same member approving twice is refused (409 APPROVAL_SAME_STAFF).
 */
export async function recordApproval(
  q: Queryable,
  order: OrderRow,
  actor: StaffActor,
): Promise<{ count: number; needed: 1 | 2 }> {
  const needed = approvalsNeededFor(toInt(order.credit), await fourEyesAbove(q));
  // No conflict target: the member's earlier approval may be under another name (screen or terminal).
  const inserted = await q.query(
    `INSERT INTO withdrawal_approvals (order_code, actor, staff_id) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING order_code`,
    [order.code, actor.name, actor.staffId],
  );
  if (inserted.rowCount === 0)
    throw new DomainError('APPROVAL_SAME_STAFF', 'A second approval must come from someone else');
  const count = await q.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM withdrawal_approvals WHERE order_code = $1',
    [order.code],
  );
  return { count: toInt(count.rows[0]!.n), needed };
}
