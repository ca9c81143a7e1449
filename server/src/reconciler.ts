import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context';
import { startPeriodic, type PeriodicJob } from './periodic';
import type { Settlement } from './domain/money/payments';
import { settleDepositJob } from './domain/operations/moneyOperations';

/**
 * The deposit reconciler: a background job on every instance. A bank callback can be lost (the process
 * died before applying it, the bank gave up), so it asks the gateway about every OPEN deposit older than
 * `minAgeSeconds` and credits the paid ones, settles expired ones (asking first) without waiting for
 * the player to look, and watches deposits closed without a payment in the last day (a QR paid after a
 * cancel whose callback was lost). Several instances may run it at once: each order is taken with FOR UPDATE SKIP LOCKED
 * and a payment applies once by its bank reference (payments.ts). Each order is settled as a row of the
 * runner's job table (settleDeposit in moneyOperations.ts): its own transaction, its crash case.
 */
export interface ReconcileResult {
  checked: number;
  credited: number;
  failed: number;
}

/** Deposits looked at per run and kind, oldest first; the next run takes the rest. */
const BATCH = 200;
/** How long after closing a deposit its QR is still watched for a payment, and how often it is asked. */
const CLOSED_WATCH_HOURS = 24;
const CLOSED_RECHECK_MINUTES = 10;

export async function reconcileDeposits(ctx: AppContext, minAgeSeconds: number): Promise<ReconcileResult> {
  // Past their expiry: asked about before they close, whatever their age.
  const expired = await ctx.db.query<{ code: string }>(
    `SELECT code FROM orders WHERE kind = 'DEPOSIT' AND status = 'OPEN' AND expires_at < app_now()
     ORDER BY created_at LIMIT $1`,
    [BATCH],
  );
  const open = await ctx.db.query<{ code: string }>(
    `SELECT code FROM orders WHERE kind = 'DEPOSIT' AND status = 'OPEN' AND expires_at >= app_now()
       AND created_at < app_now() - make_interval(secs => $1) ORDER BY created_at LIMIT $2`,
    [minAgeSeconds, BATCH],
  );
  // Closed without a payment in the last day, not asked about in the last CLOSED_RECHECK_MINUTES.
  const closed = await ctx.db.query<{ code: string }>(
    `SELECT code FROM orders WHERE kind = 'DEPOSIT' AND status IN ('CANCELED', 'FAILED')
       AND updated_at > app_now() - make_interval(hours => $1)
       AND (gateway_checked_at IS NULL OR gateway_checked_at < app_now() - make_interval(mins => $2))
     ORDER BY updated_at LIMIT $3`,
    [CLOSED_WATCH_HOURS, CLOSED_RECHECK_MINUTES, BATCH],
  );
  const result: ReconcileResult = { checked: 0, credited: 0, failed: 0 };
  const count = (settled: Settlement) => {
    if (settled === 'SKIPPED') return;
    result.checked += 1;
    if (settled === 'CREDITED') result.credited += 1;
    if (settled === 'FAILED') result.failed += 1;
  };
  for (const { code } of expired.rows)
    count(await settleDepositJob(ctx, { code, state: 'open', expireIfPending: true }));
  for (const { code } of open.rows)
    count(await settleDepositJob(ctx, { code, state: 'open', expireIfPending: false }));
  for (const { code } of closed.rows)
    count(await settleDepositJob(ctx, { code, state: 'closed', expireIfPending: false }));
  return result;
}

export interface Reconciler extends PeriodicJob {
  /** When the last run finished (undefined before the first): its age is the reconciler's lag. */
  lastRunAt(): Date | undefined;
}

/** Runs reconcileDeposits now and then every intervalSeconds, one run at a time, until stopped. */
export function startReconciler(
  ctx: AppContext,
  options: { intervalSeconds: number; minAgeSeconds: number; log: FastifyBaseLogger },
): Reconciler {
  let lastRunAt: Date | undefined;
  const job = startPeriodic(
    () =>
      reconcileDeposits(ctx, options.minAgeSeconds).then(
        (result) => {
          lastRunAt = new Date();
          if (result.checked > 0) options.log.info({ reconcile: result }, 'deposits reconciled');
        },
        (err: unknown) => options.log.error({ err }, 'deposit reconciliation failed'),
      ),
    options.intervalSeconds,
  );
  return { lastRunAt: () => lastRunAt, stop: job.stop };
}
