import Fastify from 'fastify';
import { allHandlers } from '../src/app';
import type { AppContext } from '../src/context';
import {
  bindContract,
  enforceResponseContract,
  fastifySchema,
  missingHandlers,
  routePath,
} from '../src/contract/bind';
import { listOperations, loadContract } from '../src/contract/load';
import { checkResponse } from '../src/contract/validate';
import { toErrorResponse } from '../src/http/errorHandler';
import { ApiError } from '../src/errors';

describe('the contract', () => {
  test('every operationId in openapi.yaml has a handler', () => {
    expect(missingHandlers(allHandlers)).toEqual([]);
  });

  test('no handler exists for an operation the contract does not have', () => {
    const ids = new Set(listOperations().map((o) => o.operation.operationId));
    expect(Object.keys(allHandlers).filter((id) => !ids.has(id))).toEqual([]);
  });

  test('is fully dereferenced', () => {
    expect(JSON.stringify(loadContract().paths)).not.toContain('$ref');
  });

  test('paths map to Fastify routes under /api', () => {
    expect(routePath('/v2/deposits/{code}/qr')).toBe('/api/v2/deposits/:code/qr');
  });

  test('header parameters are matched case-insensitively (Node lower-cases them)', () => {
    const op = listOperations().find((o) => o.operation.operationId === 'createDeposit')!;
    const schema = fastifySchema(op.operation).headers as { required: string[] };
    expect(schema.required).toEqual(['idempotency-key']);
  });

  test('checkResponse names what is wrong', () => {
    expect(checkResponse('logoutPlayer', 200, { ok: true })).toBeNull();
    expect(checkResponse('logoutPlayer', 200, { ok: true, extra: 1 })).toEqual([
      { field: 'extra', message: 'is not an allowed field' },
    ]);
    // Unlisted statuses fall back to the "default" error response.
    expect(checkResponse('logoutPlayer', 500, { code: 'INTERNAL_ERROR', message: 'x' })).toBeNull();
  });
});

describe('response enforcement (on in tests)', () => {
  test('a handler answering outside the contract becomes a 500 naming the problem', async () => {
    const app = Fastify({ logger: false });
    enforceResponseContract(app);
    bindContract(
      app,
      { getPromotionBlocking: async () => ({ blocked: 'no' }), logoutPlayer: async () => ({ ok: true }) },
      {} as AppContext,
    );
    const bad = await app.inject({ method: 'GET', url: '/api/v2/players/backlist' });
    expect(bad.statusCode).toBe(500);
    expect(bad.json().details).toEqual([{ field: 'blocked', message: 'must be boolean' }]);
    const good = await app.inject({ method: 'POST', url: '/api/v2/players/logout' });
    expect(good.statusCode).toBe(200);
    await app.close();
  });
});

describe('error mapping', () => {
  test('an unexpected error becomes a generic 500 without stack or SQL', () => {
    const err = Object.assign(new Error('relation "players" does not exist'), { code: '42P01' });
    const { status, body } = toErrorResponse(err);
    expect(status).toBe(500);
    expect(body).toEqual({ code: 'INTERNAL_ERROR', message: 'Something went wrong' });
  });

  test('ApiError keeps its status, code and details', () => {
    const { status, body } = toErrorResponse(
      new ApiError(429, 'TOO_MANY_ATTEMPTS', 'wait', [{ field: 'retryAfter', message: '5' }]),
    );
    expect(status).toBe(429);
    expect(body).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'wait',
      details: [{ field: 'retryAfter', message: '5' }],
    });
  });
});
