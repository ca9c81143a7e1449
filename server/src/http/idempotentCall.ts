import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Queryable } from '../db/types';
import { DomainError } from '../errors';
import { isAnswered, withIdempotency } from '../domain/idempotency';
import { deliverPending } from '../domain/outbox';
import type { OperationId } from './types';

/** What a money call answers: its status and body. */
interface CallResponse<T> {
  status: number;
  body: T;
}

/** The request's Idempotency-Key header (the contract has checked its form), or undefined. */
function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const key = req.headers['idempotency-key'];
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/**
 * Requests that arrived while an earlier one with the same path and Idempotency-Key was still being
 * handled by this server. Marked on arrival, before the session lookup and other queries: on PGlite every
 * query waits its turn on the one connection, so by the time a second request reached the key's
 * transaction the first would long have finished, and it would get a replay where the contract promises
 * 409 IDEMPOTENCY_IN_PROGRESS. (Across instances, and for direct calls, withIdempotency decides.)
 */
const arrivedDuringAnother = new WeakSet<FastifyRequest>();

/** Tracks Idempotency-Key requests from arrival to response (see arrivedDuringAnother). */
export function registerIdempotencyArrivals(app: FastifyInstance): void {
  const handling = new Set<string>();
  const owned = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (req) => {
    const key = idempotencyKeyOf(req);
    if (!key || req.method !== 'POST') return;
    const id = `${req.url.split('?')[0]}\u0000${key}`;
    if (handling.has(id)) arrivedDuringAnother.add(req);
    else {
      handling.add(id);
      owned.set(req, id);
    }
  });
  const release = async (req: FastifyRequest) => {
    const id = owned.get(req);
    if (id) handling.delete(id);
    owned.delete(req);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

/**
 * Runs a money call in one transaction: under its Idempotency-Key when the request has one (required by
 * the contract for deposits and withdrawals, optional for promotion use and cancel), so the key, the
 * effect and the stored response commit together. Sets the reply's status and returns the body.
 */
export async function idempotentCall<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  call: {
    playerId: string;
    operation: OperationId;
    payload: unknown;
    /**
     * Work outside the transaction before a first run (asking a provider, booking its game results). Skipped
     * for a key already answered: a replay returns the stored answer even when the provider is away now.
     */
    prepare?: () => Promise<void>;
    /** The call queues provider transfers: deliver them right after the commit (outside the transaction). */
    deliversTransfers?: boolean;
  },
  run: (q: Queryable) => Promise<CallResponse<T>>,
): Promise<T> {
  const key = idempotencyKeyOf(req);
  if (key && arrivedDuringAnother.has(req))
    throw new DomainError('IDEMPOTENCY_IN_PROGRESS', 'The first request with this key is still running');
  if (call.prepare && !(key && (await isAnswered(ctx.db, { ...call, key })))) await call.prepare();
  const response = key ? await withIdempotency(ctx.db, { ...call, key }, run) : await ctx.db.tx(run);
  if (call.deliversTransfers) await deliverPending(ctx, call.playerId);
  reply.code(response.status);
  // A replay answers the body stored by this operation's first run, so it has the type `run` gives.
  return response.body as T;
}
