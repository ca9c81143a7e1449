import type { AppContext } from '../../context';
import { runStaffMoneyOperation, type StaffMoneyOperation } from '../ledger/moneyRunner';
import type { Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';
import { DomainError } from '../../errors';
import { appendAudit, type Actor } from '../ledger/audit';
import { deliverOne, type Delivery } from './outboxDelivery';
import { transferState, type OutboxRow } from '../ledger/outbox';

/** The provider outbox as the operator sees it (`npm run ops transfers …`): listed, and sent again by hand. */

export interface OutboxListing {
  reference: string;
  provider: string;
  playerId: string;
  direction: string;
  amount: number;
  kind: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  stuck: boolean;
}

/**
 * For the operator: `pending` lists every PENDING row; `failed` the FAILED rows and the PENDING rows stuck
 * longer than stuckMinutes. Oldest first.
 */
export async function listTransfers(
  q: Queryable,
  which: 'pending' | 'failed',
  stuckMinutes: number,
): Promise<OutboxListing[]> {
  const r = await q.query<OutboxRow & { stuck: boolean }>(
    `SELECT *, (status = 'PENDING' AND created_at < app_now() - make_interval(mins => $1)) AS stuck
     FROM provider_outbox
     WHERE ${which === 'pending' ? `status = 'PENDING'` : `status = 'FAILED' OR (status = 'PENDING' AND created_at < app_now() - make_interval(mins => $1))`}
     ORDER BY id LIMIT 500`,
    [stuckMinutes],
  );
  return r.rows.map((row) => ({
    reference: row.reference,
    provider: row.provider,
    playerId: row.player_id,
    direction: row.direction,
    amount: toInt(row.amount),
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: toIso(row.created_at),
    nextAttemptAt: toIso(row.next_attempt_at),
    stuck: row.stuck,
  }));
}

/**
 * Operator: send a PENDING row again now (its backoff and any stale claim dropped), under the same
 * reference. FAILED rows are final: their compensation ran, or the operator settles them by hand.
 */
export const retryStaffTransfer: StaffMoneyOperation<{ reference: string }, void, Delivery> = {
  async effect(_ctx, q, actor, { reference }) {
    const r = await q.query<{ attempts: number; last_error: string | null }>(
      `UPDATE provider_outbox SET next_attempt_at = app_now(), claimed_until = NULL, updated_at = app_now()
       WHERE reference = $1 AND status = 'PENDING' RETURNING attempts, last_error`,
      [reference],
    );
    const row = r.rows[0];
    if (!row) {
      const state = await transferState(q, reference);
      if (!state) throw new DomainError('NOT_FOUND', `No outbox transfer ${reference}`);
      throw new DomainError(
        'VALIDATION_ERROR',
        `${reference} is ${state}: only a PENDING transfer is retried`,
      );
    }
    await appendAudit(q, actor, {
      action: 'transfer.retry',
      target: `transfer:${reference}`,
      before: { attempts: row.attempts, lastError: row.last_error },
    });
  },
  afterCommit: (ctx, { reference }) => deliverOne(ctx, reference),
};

export async function retryTransfer(ctx: AppContext, reference: string, actor: Actor): Promise<Delivery> {
  const { after } = await runStaffMoneyOperation(ctx, 'retryStaffTransfer', retryStaffTransfer, actor, {
    reference,
  });
  return after!;
}
