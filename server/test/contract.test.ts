import Fastify from 'fastify';
import { allHandlers } from '../src/app';
import type { AppContext } from '../src/context';
import { bindContract, enforceResponseContract, fastifySchema, routePath } from '../src/contract/bind';
import { listOperations, loadContract, type JsonSchema } from '../src/contract/load';
import { checkResponse, validatorCompiler } from '../src/contract/validate';
import { sessionChecks } from '../src/http/auth';
import { toErrorResponse } from '../src/http/errorHandler';
import { DomainError } from '../src/errors';
import { HUB88_OPERATIONS, PUBLIC_OPERATIONS, WALLET_OPERATIONS } from '@core/operations';
import { STAFF_OPERATIONS, STAFF_PUBLIC_OPERATIONS } from '@core/staffOperations';
import { staffChecks } from '../src/http/staffAuth';
import { walletChecks } from '../src/http/walletAuth';
import { hub88Checks } from '../src/http/hub88';
import type { HandlerMap } from '../src/http/types';
import { ROLE_PERMISSIONS } from '@core/staffRoles';

const checks = {
  player: sessionChecks({} as AppContext),
  staff: staffChecks({} as AppContext),
  wallet: walletChecks({} as AppContext),
  hub88: hub88Checks({} as AppContext),
};

describe('the contract', () => {
  // That every operation has a handler is checked by tsc: allHandlers is a complete HandlerMap.
  test('no handler exists for an operation the contract does not have', () => {
    const ids = new Set(listOperations().map((o) => o.operation.operationId));
    expect(Object.keys(allHandlers).filter((id) => !ids.has(id))).toEqual([]);
  });

  test('the handler types know which operations are public (`security: []`)', () => {
    const publicIds = listOperations()
      .filter(({ operation }) => Array.isArray(operation.security) && operation.security.length === 0)
      .map(({ operation }) => operation.operationId);
    expect([...PUBLIC_OPERATIONS, ...STAFF_PUBLIC_OPERATIONS].sort()).toEqual(publicIds.sort());
  });

  test("the handler types know which operations are the seamless wallet's (`walletSignature`)", () => {
    const walletIds = listOperations()
      .filter(({ operation }) => operation.security?.some((r) => 'walletSignature' in r))
      .map(({ operation }) => operation.operationId);
    expect([...WALLET_OPERATIONS].sort()).toEqual(walletIds.sort());
  });

  test("the handler types know which operations are Hub88's (`hub88Signature`)", () => {
    const hub88Ids = listOperations()
      .filter(({ operation }) => operation.security?.some((r) => 'hub88Signature' in r))
      .map(({ operation }) => operation.operationId);
    expect([...HUB88_OPERATIONS].sort()).toEqual(hub88Ids.sort());
  });

  test("the handler types know which operations are the back office's (`staffCookie`)", () => {
    const staffIds = listOperations()
      .filter(({ operation }) => operation.security?.some((r) => 'staffCookie' in r))
      .map(({ operation }) => operation.operationId);
    expect([...STAFF_OPERATIONS].sort()).toEqual(staffIds.sort());
  });

  test('every back office operation declares a permission of the roles table, under a Staff tag', () => {
    const staffIds = new Set<string>([...STAFF_OPERATIONS, ...STAFF_PUBLIC_OPERATIONS]);
    for (const { operation } of listOperations()) {
      const isStaffTag = operation.tags.some((t) => t.startsWith('Staff'));
      expect([operation.operationId, isStaffTag]).toEqual([
        operation.operationId,
        staffIds.has(operation.operationId),
      ]);
      if (STAFF_OPERATIONS.includes(operation.operationId as (typeof STAFF_OPERATIONS)[number]))
        expect(Object.values(ROLE_PERMISSIONS).flat()).toContain(operation['x-permission']);
    }
  });

  // The back office's one check (server/src/http/staffAuth.ts) refuses an address outside
  // BACKOFFICE_ALLOWED_IPS (403) before anything else, then a request without a staff session (401) and a
  // role without the permission (403): every staff operation can answer these, so each declares them.
  test("every back office operation declares its check's refusals: 403, and 401 where a session is needed", () => {
    const undeclared = listOperations()
      .filter(({ operation }) => operation.tags.some((t) => t.startsWith('Staff')))
      .flatMap(({ operation }) => {
        const needsSession = operation.security?.some((r) => 'staffCookie' in r) ?? false;
        const refusals = needsSession ? ['401', '403'] : ['403'];
        return refusals
          .filter((s) => !(s in operation.responses))
          .map((s) => `${operation.operationId} ${s}`);
      });
    expect(undeclared).toEqual([]);
  });

  test('player operations pass through the player session hook, staff operations through the staff one', () => {
    const app = Fastify({ logger: false });
    const guarded: Record<string, string> = {};
    const marked = {
      player: (id: string) => Object.assign(checks.player(id), { kind: 'player' }),
      staff: (id: string, permission: string) =>
        Object.assign(checks.staff(id, permission), { kind: 'staff' }),
      wallet: () => Object.assign(checks.wallet(), { kind: 'wallet' }),
      hub88: () => Object.assign(checks.hub88(), { kind: 'hub88' }),
    };
    app.addHook('onRoute', (route) => {
      const config = route.config as { operationId?: string } | undefined;
      const hook = (route.preHandler ?? route.preValidation) as { kind?: string } | undefined;
      if (config?.operationId) guarded[config.operationId] = hook?.kind ?? 'none';
    });
    bindContract(app, allHandlers, {} as AppContext, marked);
    const publicIds = new Set<string>([...PUBLIC_OPERATIONS, ...STAFF_PUBLIC_OPERATIONS]);
    const staffIds = new Set<string>(STAFF_OPERATIONS);
    const walletIds = new Set<string>(WALLET_OPERATIONS);
    const hub88Ids = new Set<string>(HUB88_OPERATIONS);
    const expected = Object.fromEntries(
      listOperations().map(({ operation: o }) => [
        o.operationId,
        publicIds.has(o.operationId)
          ? 'none'
          : staffIds.has(o.operationId)
            ? 'staff'
            : walletIds.has(o.operationId)
              ? 'wallet'
              : hub88Ids.has(o.operationId)
                ? 'hub88'
                : 'player',
      ]),
    );
    expect(guarded).toEqual(expected);
  });

  test('is fully dereferenced', () => {
    expect(JSON.stringify(loadContract().paths)).not.toContain('$ref');
  });

  test('every request schema compiles (the server compiles each on its first request)', () => {
    const failed: string[] = [];
    for (const { operation } of listOperations()) {
      const schema = fastifySchema(operation);
      for (const httpPart of ['params', 'querystring', 'headers', 'body'] as const) {
        const part = schema[httpPart] as JsonSchema | undefined;
        if (!part) continue;
        const validate = validatorCompiler({ schema: part, httpPart, method: 'POST', url: '/' }) as (
          data: unknown,
        ) => boolean;
        // Running the validator compiles it: a schema that does not compile throws here.
        try {
          validate({});
        } catch (err) {
          failed.push(`${operation.operationId} ${httpPart}: ${(err as Error).message}`);
        }
      }
    }
    expect(failed).toEqual([]);
  });

  test('a validator compiled on first use reports its errors where Fastify reads them', () => {
    const register = listOperations().find((o) => o.operation.operationId === 'registerPlayer')!;
    const validate = validatorCompiler({
      schema: fastifySchema(register.operation).body as JsonSchema,
      httpPart: 'body',
      method: 'POST',
      url: '/',
    }) as ((data: unknown) => boolean) & { errors?: { keyword: string }[] | null };
    expect(validate({})).toBe(false);
    expect(validate.errors?.some((e) => e.keyword === 'required')).toBe(true);
    expect(
      validate({ username: 'abcd', password: 'x', confirmPassword: 'x', fingerprint: 'f', extra: 1 }),
    ).toBe(false);
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
    // An unplanned failure (500) falls back to the "default" error response.
    expect(checkResponse('logoutPlayer', 500, { code: 'INTERNAL_ERROR', message: 'x' })).toBeNull();
  });

  test('checkResponse refuses a status the operation does not declare', () => {
    expect(checkResponse('getAgencyInfo', 409, { code: 'OPEN_ORDER', message: 'x' })).toEqual([
      { field: '(status)', message: '409 is not a status getAgencyInfo declares in openapi.yaml' },
    ]);
    expect(
      checkResponse('getAgencyInfo', 503, { code: 'PROVIDER_UNAVAILABLE', message: 'x' }),
    ).not.toBeNull();
    expect(checkResponse('getAgencyInfo', 404, { code: 'AGENCY_NOT_FOUND', message: 'x' })).toBeNull();
  });
});

describe('response enforcement (on in tests)', () => {
  test('a handler answering outside the contract becomes a 500 naming the problem', async () => {
    const app = Fastify({ logger: false });
    enforceResponseContract(app);
    // A deliberately wrong answer, which the handler types would refuse: hence the cast.
    const listBanks = (async () => ({ banks: 'none' })) as unknown as HandlerMap['listBanks'];
    bindContract(
      app,
      { ...allHandlers, listBanks, logoutPlayer: async () => ({ ok: true }) },
      {} as AppContext,
      checks,
    );
    const bad = await app.inject({ method: 'GET', url: '/api/v2/banks' });
    expect(bad.statusCode).toBe(500);
    expect(bad.json().details).toEqual([{ field: 'banks', message: 'must be array' }]);
    const good = await app.inject({ method: 'POST', url: '/api/v2/players/logout' });
    expect(good.statusCode).toBe(200);
    await app.close();
  });

  test('an answer with a status the operation does not declare becomes a 500 naming it', async () => {
    const app = Fastify({ logger: false });
    enforceResponseContract(app);
    const listBanks = (async (_req: unknown, reply: { code(n: number): unknown }) => {
      reply.code(409);
      return { code: 'OPEN_ORDER', message: 'Close the open deposit order first' };
    }) as unknown as HandlerMap['listBanks'];
    bindContract(app, { ...allHandlers, listBanks }, {} as AppContext, checks);
    const res = await app.inject({ method: 'GET', url: '/api/v2/banks' });
    expect(res.statusCode).toBe(500);
    expect(res.json().details).toEqual([
      { field: '(status)', message: '409 is not a status listBanks declares in openapi.yaml' },
    ]);
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

  test.each([
    ['FST_ERR_MAX_PARAM_LENGTH', 414, 400, 'VALIDATION_ERROR'],
    ['FST_ERR_BAD_URL', 400, 400, 'VALIDATION_ERROR'],
    ['FST_CP_ERR_INVALID_CONTENT_ENCODING', 415, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['FST_CP_ERR_INVALID_CONTENT', 400, 400, 'VALIDATION_ERROR'],
    ['FST_ERR_SOMETHING_NEW', 431, 400, 'VALIDATION_ERROR'],
  ])('the framework refusal %s (%i) is %i %s, never a 500', (code, statusCode, status, errorCode) => {
    const err = Object.assign(new Error('refused'), { code, statusCode });
    expect(toErrorResponse(err)).toEqual({ status, body: { code: errorCode, message: expect.any(String) } });
  });

  test('a DomainError keeps its code and details and takes its status from the table', () => {
    const { status, body } = toErrorResponse(
      new DomainError('TOO_MANY_ATTEMPTS', 'wait', [{ field: 'retryAfter', message: '5' }]),
    );
    expect(status).toBe(429);
    expect(body).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'wait',
      details: [{ field: 'retryAfter', message: '5' }],
    });
  });
});
