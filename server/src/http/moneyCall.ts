import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import {
  runMoneyOperation,
  type MoneyActor,
  type MoneyAnswer,
  type MoneyInput,
  type MoneyOperationId,
} from '../domain/operations/moneyOperations';
import type { ContractRequest } from './types';

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
 * Answers a declared money operation (domain/operations/moneyOperations.ts) from its request: the signed-in player
 * (none for the bank's callback), the Idempotency-Key header when there is one, and its input: the
 * validated body unless the handler reads it elsewhere (the order code in the path, the signed bytes).
 * Sets the reply's status and returns the body. All a money handler does.
 */
export async function answerMoneyOperation<K extends MoneyOperationId>(
  req: ContractRequest<K>,
  reply: FastifyReply,
  ctx: AppContext,
  operationId: K,
  input: MoneyInput<K> = req.body as MoneyInput<K>,
): Promise<MoneyAnswer<K>> {
  const key = idempotencyKeyOf(req);
  if (key && arrivedDuringAnother.has(req))
    throw new DomainError('IDEMPOTENCY_IN_PROGRESS', 'The first request with this key is still running');
  const { session } = req as ContractRequest<K> & { session?: { playerId: string } };
  const { status, body } = await runMoneyOperation(ctx, operationId, {
    who: session?.playerId as MoneyActor<K>,
    key,
    input,
  });
  reply.code(status);
  return body;
}
