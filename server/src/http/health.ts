import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { pendingMigrations } from '../db/migrate';

/** What is missing for the instance to take traffic; empty when ready. */
async function notReady(ctx: AppContext): Promise<string | undefined> {
  try {
    const missing = await pendingMigrations(ctx.db);
    return missing.length > 0 ? `migrations not applied: ${missing.join(', ')}` : undefined;
  } catch {
    return 'database unreachable';
  }
}

/**
 * For a load balancer: /healthz answers while the process runs (restart it when this fails); /readyz
 * only when the database answers and every migration is applied (send it traffic only then).
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (req, reply) => {
    const problem = await notReady(ctx);
    if (!problem) return { status: 'ready' };
    req.log.warn({ problem }, 'not ready');
    return reply.code(503).send({ code: 'INTERNAL_ERROR', message: `Not ready: ${problem}` });
  });
}
