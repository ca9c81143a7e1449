import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context';
import { deliverDue } from './domain/money/outboxDelivery';
import { startPeriodic, type PeriodicJob } from './periodic';

/**
 * The provider outbox worker: a background job on every instance that delivers the outbox rows an
 * operation could not deliver at once (provider down, answer lost, process killed after commit), with
 * each row's backoff (domain/ledger/outbox.ts). Several instances may run it at once: a row is claimed for one
 * attempt, and the provider applies a reference once anyway.
 */
export type OutboxWorker = PeriodicJob;

export function startOutboxWorker(
  ctx: AppContext,
  options: { intervalSeconds: number; log: FastifyBaseLogger },
): OutboxWorker {
  return startPeriodic(
    () =>
      deliverDue(ctx).then(
        (result) => {
          if (result.delivered + result.failed + result.pending > 0)
            options.log.info({ outbox: result }, 'provider transfers delivered');
        },
        (err: unknown) => options.log.error({ err }, 'provider outbox run failed'),
      ),
    options.intervalSeconds,
  );
}
