import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context';
import type { ContractRouteConfig } from '../contract/bind';
import { idempotencyKeysInFlight } from '../domain/ledger/idempotency';
import { MONEY_OPERATION_IDS } from '../domain/operations/moneyOperations';
import type { Reconciler } from '../reconciler';

/** The contract operations that move money, declared in domain/operations/moneyOperations.ts: counted apart, with their refusals by code. */
const MONEY_OPERATIONS = new Set<string>(MONEY_OPERATION_IDS);

export interface AppMetrics {
  registry: Registry;
  /** The reconciler main.ts started, for the lag gauge. */
  watchReconciler(reconciler: Reconciler): void;
}

function operationOf(req: FastifyRequest): string {
  const config = req.routeOptions.config as Partial<ContractRouteConfig> | undefined;
  return config?.operationId ?? 'other';
}

/** The code of an error answer (the contract's error schema), read from the serialised body. */
function errorCodeOf(payload: unknown): string {
  if (typeof payload !== 'string') return 'UNKNOWN';
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' ? code : 'UNKNOWN';
  } catch {
    return 'UNKNOWN';
  }
}

/**
 * Prometheus metrics through prom-client, one registry per app (tests build several apps in a process):
 * request rate and latency per contract operation, money operations and their refusals by code, the
 * reconciler's lag and the idempotency keys in flight, plus the process's own metrics. GET /metrics.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests by contract operation and status, with their latency',
    labelNames: ['operation', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const money = new Counter({
    name: 'money_operations_total',
    help: 'Money operations by outcome: ok, or the refusal code',
    labelNames: ['operation', 'outcome'],
    registers: [registry],
  });
  let reconciler: Reconciler | undefined;
  new Gauge({
    name: 'reconciler_lag_seconds',
    help: 'Seconds since the deposit reconciler last finished a run (absent before the first)',
    registers: [registry],
    collect() {
      const last = reconciler?.lastRunAt();
      if (last) this.set((Date.now() - last.getTime()) / 1000);
    },
  });
  new Gauge({
    name: 'idempotency_keys_in_flight',
    help: 'Idempotency keys whose operation this process is running now',
    registers: [registry],
    collect() {
      this.set(idempotencyKeysInFlight(ctx.db));
    },
  });

  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const operation = operationOf(req);
    if (MONEY_OPERATIONS.has(operation))
      money.inc({ operation, outcome: reply.statusCode < 400 ? 'ok' : errorCodeOf(payload) });
    return payload;
  });
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    requests.observe(
      { operation: operationOf(req), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', async (_req, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return { registry, watchReconciler: (r) => (reconciler = r) };
}
