import type { Queryable } from '../../db/types';
import { DomainError } from '../../errors';
import { notifyStaff } from '../ledger/staffEvents';

/**
 * "Taken by" in the withdrawal queue (migration 036): a member with a waiting withdrawal open holds it for
 * HOLD_SECONDS, and the screen takes it again every minute while it stays open. Another member's live hold is
 * never taken over: they see who has it. Every screen hears a change of holder (the order's staff event),
 * not the renewals.
 */
export const HOLD_SECONDS = 120;

/** Takes a waiting withdrawal for this member (NOT_FOUND for no such withdrawal). A decided one is not held. */
export async function takeWithdrawal(q: Queryable, staffId: string, code: string): Promise<void> {
  const order = await q.query<{ status: string }>(
    "SELECT status FROM orders WHERE code = $1 AND kind = 'WITHDRAW' FOR UPDATE",
    [code],
  );
  if (!order.rows[0]) throw new DomainError('NOT_FOUND', 'No such withdrawal');
  if (order.rows[0].status !== 'OPEN') return;
  const r = await q.query<{ taken: boolean }>(
    `WITH before AS (
       SELECT staff_id FROM withdrawal_holds WHERE order_code = $1 AND until > app_now()
     ), held AS (
       INSERT INTO withdrawal_holds (order_code, staff_id, since, until)
       VALUES ($1, $2, app_now(), app_now() + make_interval(secs => $3))
       ON CONFLICT (order_code) DO UPDATE SET staff_id = EXCLUDED.staff_id, until = EXCLUDED.until,
         since = CASE WHEN withdrawal_holds.staff_id = EXCLUDED.staff_id AND withdrawal_holds.until > app_now()
                      THEN withdrawal_holds.since ELSE EXCLUDED.since END
       WHERE withdrawal_holds.staff_id = EXCLUDED.staff_id OR withdrawal_holds.until <= app_now()
       RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM held) AND NOT EXISTS (SELECT 1 FROM before WHERE staff_id = $2) AS taken`,
    [code, staffId, HOLD_SECONDS],
  );
  if (r.rows[0]!.taken) await notifyStaff(q, { event: 'order', code });
}

/** Lets go of this member's hold on a withdrawal, if they have one (NOT_FOUND for no such withdrawal). */
export async function releaseWithdrawal(q: Queryable, staffId: string, code: string): Promise<void> {
  const order = await q.query("SELECT 1 FROM orders WHERE code = $1 AND kind = 'WITHDRAW'", [code]);
  if (!order.rows[0]) throw new DomainError('NOT_FOUND', 'No such withdrawal');
  const r = await q.query(
    'DELETE FROM withdrawal_holds WHERE order_code = $1 AND staff_id = $2 AND until > app_now() RETURNING 1',
    [code, staffId],
  );
  if (r.rows.length > 0) await notifyStaff(q, { event: 'order', code });
}
