import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context';
import { deliverDue } from './domain/outbox';

/**
 * The provider outbox worker: a background job on every instance that delivers the outbox rows an
 * operation could not deliver at once (provider down, answer lost, process killed after commit), with
 * each row's backoff (domain/outbox.ts). Several instances may run it at once: a row is claimed for one
 * attempt, and the provider applies a reference once anyway.
 */
export interface OutboxWorker {
  stop(): Promise<void>;
}

export function startOutboxWorker(
  ctx: AppContext,
  options: { intervalSeconds: number; log: FastifyBaseLogger },
): OutboxWorker {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = deliverDue(ctx)
      .then((result) => {
        if (result.delivered + result.failed + result.pending > 0)
          options.log.info({ outbox: result }, 'provider transfers delivered');
      })
      .catch((err) => options.log.error({ err }, 'provider outbox run failed'))
      .finally(() => {
        running = undefined;
      });
  };
  // At once: transfers committed before a restart are delivered right after start-up.
  run();
  const timer = setInterval(run, options.intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
