import { ProviderUnavailable, type ProviderTransfer } from '../../adapters/types';
import type { AppContext } from '../../context';
import { crashPoint } from '../../crashPoints';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { lockAccounts, postTransfers } from '../ledger/ledger';
import { findOrder, transition } from '../ledger/orders';
import { abandonCancelIn, finishCancelIn } from '../promotions/usageCancel';
import { completeReturnIn, prepareReturnIn } from './paymentReturnPayout';
import { payoutTargetOf, refusedRef, withdrawalOfHold } from '../ledger/references';
import { completePayoutIn, preparePayoutIn } from './payouts';
import { type OutboxKind, type OutboxRow } from '../ledger/outbox';

/**
 * Delivering the provider outbox's rows (the rules are in outbox.ts): one row at once after its operation's
 * commit (deliverPending), the rows that are due for the worker (deliverDue), a payout row to the payout
 * bank (deliverPayout), and a refusal compensated in the transaction that records it (refuse).
 */

/** Longest pause between two attempts of one row. */
const MAX_BACKOFF_SECONDS = 60;

export type Delivery = 'DELIVERED' | 'FAILED' | 'PENDING' | 'SKIPPED';

/** How long a claim lasts: past the client timeout, so a live claimant always finishes first. */
function claimSeconds(ctx: AppContext): number {
  return Math.ceil((ctx.config.providerTimeoutMs * 2 + 1000) / 1000);
}

/**
 * Takes the row for one delivery attempt, if it is due, unclaimed and its turn has come. Returns the row
 * with its attempt counted, or undefined (SKIPPED).
 */
async function claim(ctx: AppContext, reference: string): Promise<OutboxRow | undefined> {
  const r = await ctx.db.query<OutboxRow>(
    `UPDATE provider_outbox o
     SET claimed_until = app_now() + make_interval(secs => $2), attempts = o.attempts + 1, updated_at = app_now()
     WHERE o.reference = $1 AND o.status = 'PENDING' AND o.next_attempt_at <= app_now()
       AND (o.claimed_until IS NULL OR o.claimed_until < app_now())
       AND (o.kind = 'PAYOUT' OR NOT EXISTS (SELECT 1 FROM provider_outbox e
                       WHERE e.player_id = o.player_id AND e.provider = o.provider AND e.id < o.id
                         AND e.status = 'PENDING' AND e.kind <> 'PAYOUT'))
       AND (o.depends_on IS NULL OR EXISTS (SELECT 1 FROM provider_outbox d
                                            WHERE d.reference = o.depends_on AND d.status = 'DELIVERED'))
     RETURNING *`,
    [reference, claimSeconds(ctx)],
  );
  return r.rows[0];
}

/**
 * One delivery attempt of one row. A second attempt asks the provider about the reference first: the
 * first may have been applied with its answer lost.
 */
export async function deliverOne(ctx: AppContext, reference: string): Promise<Delivery> {
  const row = await claim(ctx, reference);
  if (!row) return 'SKIPPED';
  if (row.kind === 'PAYOUT') return deliverPayout(ctx, row);
  const provider = ctx.adapters.providers[row.provider];
  let result: ProviderTransfer | undefined;
  try {
    if (row.attempts > 1) result = await provider.transferStatus(row.reference);
    result ??= await provider.transfer({
      reference: row.reference,
      playerId: row.player_id,
      direction: row.direction,
      amount: toInt(row.amount),
    });
  } catch (err) {
    const message = err instanceof ProviderUnavailable ? err.message : String(err);
    await release(ctx, row, message);
    if (!(err instanceof ProviderUnavailable)) throw err;
    return 'PENDING';
  }
  // The provider has acted; a crash here leaves the row claimed, and the next attempt asks first.
  crashPoint('outbox:after-transfer');
  if (result.status === 'APPLIED') {
    await ctx.db.tx(async (q) => {
      const delivered = await q.query(
        `UPDATE provider_outbox SET status = 'DELIVERED', delivered_at = app_now(), claimed_until = NULL,
           last_error = NULL, updated_at = app_now() WHERE reference = $1 AND status = 'PENDING'`,
        [row.reference],
      );
      // A promotion cancel ends with its take-back, in the same transaction.
      if (delivered.rowCount === 1 && row.kind === 'BONUS_REVERSAL') await finishCancelIn(q, row.reference);
    });
    return 'DELIVERED';
  }
  await ctx.db.tx((q) => refuse(q, row.reference, result.reason ?? 'REFUSED'));
  return 'FAILED';
}

/**
 * One attempt of a payout row: the order is started (ledger legs, stage PROCESSING) in its own
 * transaction, the payout bank is called outside any, and the order becomes SUCCESS with the row
 * DELIVERED in one more. A second attempt asks the bank about the order first: the first may have been
 * paid with its answer lost (or the process killed), and the bank must not be asked twice.
 */
async function deliverPayout(ctx: AppContext, row: OutboxRow): Promise<Delivery> {
  const target = payoutTargetOf(row.reference);
  const isReturn = target.kind === 'paymentReturn';
  const { code } = target;
  const prepare = isReturn ? prepareReturnIn : preparePayoutIn;
  const complete = isReturn ? completeReturnIn : completePayoutIn;
  let bankReference: string | undefined;
  try {
    const request = await ctx.db.tx((q) => prepare(q, code));
    if (!request) {
      // Rejected (or failed) before its payout left: nothing to pay, nothing to compensate.
      await ctx.db.query(
        `UPDATE provider_outbox SET status = 'FAILED', claimed_until = NULL, last_error = $2, updated_at = app_now()
         WHERE reference = $1 AND status = 'PENDING'`,
        [row.reference, 'cancelled: nothing to pay'],
      );
      return 'FAILED';
    }
    if (row.attempts > 1) bankReference = await ctx.adapters.payout.find(ctx.db, code);
    bankReference ??= await ctx.adapters.payout.pay(ctx.db, request);
  } catch (err) {
    await release(ctx, row, err instanceof Error ? err.message : String(err));
    return 'PENDING';
  }
  // The bank has paid; a crash here leaves the row claimed, and the next attempt asks the bank first.
  crashPoint('outbox:after-payout');
  const paid = bankReference;
  await ctx.db.tx(async (q) => {
    await complete(q, code, paid);
    await q.query(
      `UPDATE provider_outbox SET status = 'DELIVERED', delivered_at = app_now(), claimed_until = NULL,
         last_error = NULL, updated_at = app_now() WHERE reference = $1 AND status = 'PENDING'`,
      [row.reference],
    );
  });
  return 'DELIVERED';
}

/** Back to the queue after an attempt without a definitive answer, with exponential backoff. */
async function release(ctx: AppContext, row: OutboxRow, error: string): Promise<void> {
  const backoff = Math.min(MAX_BACKOFF_SECONDS, 2 ** Math.min(row.attempts - 1, 10));
  await ctx.db.query(
    `UPDATE provider_outbox SET claimed_until = NULL, last_error = $2, updated_at = app_now(),
       next_attempt_at = app_now() + make_interval(secs => $3)
     WHERE reference = $1 AND status = 'PENDING'`,
    [row.reference, error.slice(0, 500), backoff],
  );
}

/** A definitive refusal: FAILED, and for an OUT its compensation, all in the caller's transaction q. */
async function refuse(q: Queryable, reference: string, reason: string): Promise<void> {
  // Lock order: the outbox row, then (a withdrawal) the order row, then the ledger accounts.
  const r = await q.query<OutboxRow>(
    `SELECT * FROM provider_outbox WHERE reference = $1 AND status = 'PENDING' FOR UPDATE`,
    [reference],
  );
  const row = r.rows[0];
  if (!row) return;
  if (row.direction === 'IN') {
    await q.query(
      `UPDATE provider_outbox SET status = 'FAILED', claimed_until = NULL, last_error = $2, updated_at = app_now()
       WHERE reference = $1`,
      [reference, `refused: ${reason}`],
    );
    return;
  }
  const orderCode = row.kind === 'WITHDRAW_HOLD' ? withdrawalOfHold(row.reference) : undefined;
  if (orderCode) await findOrder(q, orderCode, { forUpdate: true });
  const t = await q.query<{
    debit_account_id: unknown;
    credit_account_id: unknown;
    order_code: string | null;
  }>('SELECT debit_account_id, credit_account_id, order_code FROM ledger_transfers WHERE reference = $1', [
    row.ledger_reference,
  ]);
  const original = t.rows[0];
  if (!original) throw new Error(`outbox ${reference}: ledger transfer ${row.ledger_reference} missing`);
  const debit = toInt(original.credit_account_id);
  const credit = toInt(original.debit_account_id);
  await lockAccounts(q, [debit, credit]);
  await postTransfers(q, [
    {
      reference: refusedRef(row.reference),
      kind: 'TRANSFER_REFUSED',
      debitAccountId: debit,
      creditAccountId: credit,
      amount: toInt(row.amount),
      ...(original.order_code ? { orderCode: original.order_code } : {}),
    },
  ]);
  if (orderCode) await transition(q, orderCode, 'OPEN', 'FAILED');
  // A cancel whose take-back was refused leaves its promotion in force.
  if (row.kind === 'BONUS_REVERSAL') await abandonCancelIn(q, reference);
  // A move's IN must not deliver credit whose OUT never left the other provider.
  await q.query(
    `UPDATE provider_outbox SET status = 'FAILED', compensated = true, updated_at = app_now(),
       last_error = $2 WHERE depends_on = $1 AND status = 'PENDING'`,
    [reference, `cancelled: ${reference} was refused`],
  );
  await q.query(
    `UPDATE provider_outbox SET status = 'FAILED', compensated = true, claimed_until = NULL, last_error = $2,
       updated_at = app_now() WHERE reference = $1`,
    [reference, `refused: ${reason}`],
  );
}

/**
 * Delivers the player's due rows, in order; called right after an operation's commit so that the provider
 * normally holds the credit when the call returns. Never throws for a provider that does not answer: the
 * rows stay PENDING for the worker.
 */
export async function deliverPending(ctx: AppContext, playerId: string): Promise<void> {
  const r = await ctx.db.query<{ reference: string }>(
    `SELECT reference FROM provider_outbox WHERE player_id = $1 AND status = 'PENDING' AND next_attempt_at <= app_now()
     ORDER BY id`,
    [playerId],
  );
  for (const { reference } of r.rows) await deliverOne(ctx, reference);
}

export interface DeliveryRun {
  delivered: number;
  failed: number;
  pending: number;
}

/**
 * One worker run: due rows, oldest first. A provider that did not answer is not asked again in this run
 * (its other rows wait for the next).
 */
export async function deliverDue(ctx: AppContext, limit = 200): Promise<DeliveryRun> {
  const r = await ctx.db.query<{ reference: string; provider: string; kind: OutboxKind }>(
    `SELECT reference, provider, kind FROM provider_outbox
     WHERE status = 'PENDING' AND next_attempt_at <= app_now() AND (claimed_until IS NULL OR claimed_until < app_now())
     ORDER BY id LIMIT $1`,
    [limit],
  );
  const run: DeliveryRun = { delivered: 0, failed: 0, pending: 0 };
  const silent = new Set<string>();
  for (const { reference, provider, kind } of r.rows) {
    // Payouts go to the payout bank, not to the provider of their row.
    const destination = kind === 'PAYOUT' ? 'payout bank' : provider;
    if (silent.has(destination)) continue;
    const outcome = await deliverOne(ctx, reference);
    if (outcome === 'DELIVERED') run.delivered += 1;
    if (outcome === 'FAILED') run.failed += 1;
    if (outcome === 'PENDING') {
      run.pending += 1;
      silent.add(destination);
    }
  }
  return run;
}
