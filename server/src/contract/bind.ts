import { Readable } from 'node:stream';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { AppContext } from '../context';
import { checkResponse, declaresStatus } from './validate';
import {
  listOperations,
  loadContract,
  type JsonSchema,
  type OperationObject,
  type OpenApiDocument,
} from './load';

/**
 * Who may call an operation: anyone (`security: []`), a signed-in player, a staff member, or a game provider
 * signing its seamless wallet call.
 */
export type OperationSecurity = 'public' | 'player' | 'staff' | 'wallet' | 'hub88';

/** Route config every contract route carries, so hooks can tell which operation a request is for. */
export interface ContractRouteConfig {
  operationId: string;
  security: OperationSecurity;
}

/** The security an operation declares: staff operations name the `staffCookie` scheme. */
export function operationSecurity(operation: OperationObject): OperationSecurity {
  if (Array.isArray(operation.security) && operation.security.length === 0) return 'public';
  if (operation.security?.some((requirement) => 'staffCookie' in requirement)) return 'staff';
  if (operation.security?.some((requirement) => 'walletSignature' in requirement)) return 'wallet';
  if (operation.security?.some((requirement) => 'hub88Signature' in requirement)) return 'hub88';
  return 'player';
}

/** "/v2/deposits/{code}/qr" → "/api/v2/deposits/:code/qr" */
export function routePath(openApiPath: string): string {
  return '/api' + openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

// Built once per operation object; the validator compiler caches by schema identity, so reusing these
// objects lets every app in the process share compiled validators.
const schemaCache = new WeakMap<OperationObject, FastifySchema>();

/** The Fastify validation schemas (params, querystring, headers, body) of one contract operation. */
export function fastifySchema(operation: OperationObject): FastifySchema {
  const hit = schemaCache.get(operation);
  if (hit) return hit;
  const schema: FastifySchema = {};
  const byLocation = (where: 'path' | 'query' | 'header'): JsonSchema | undefined => {
    const params = (operation.parameters ?? []).filter((p) => p.in === where);
    if (params.length === 0) return undefined;
    // Node gives header names in lower case; the contract spells them "Idempotency-Key".
    const key = (name: string) => (where === 'header' ? name.toLowerCase() : name);
    return {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [key(p.name), p.schema])),
      required: params.filter((p) => p.required).map((p) => key(p.name)),
    };
  };
  const params = byLocation('path');
  const querystring = byLocation('query');
  const headers = byLocation('header');
  const body = operation.requestBody?.content['application/json']?.schema;
  if (params) schema.params = params;
  if (querystring) schema.querystring = querystring;
  if (headers) schema.headers = headers;
  if (body) schema.body = body;
  schemaCache.set(operation, schema);
  return schema;
}

/** The session check of one operation that requires a session: the HTTP layer's (http/auth.ts). */
export type SessionCheck = (operationId: string) => preHandlerAsyncHookHandler;

/** The staff check of one back office operation, for the permission it declares (http/staffAuth.ts). */
export type StaffCheck = (operationId: string, permission: string) => preHandlerAsyncHookHandler;

/** The signature check of a seamless wallet call (http/walletAuth.ts), run before validation. */
export type WalletCheck = () => preHandlerAsyncHookHandler;

export interface SecurityChecks {
  player: SessionCheck;
  staff: StaffCheck;
  wallet: WalletCheck;
  /** Hub88's dialect of the wallet: its RSA signature (http/hub88.ts). */
  hub88: WalletCheck;
}

/**
 * Registers one route per contract operation, with its handler from `handlers` by operationId (the caller
 * types them as http/types' HandlerMap, which makes sure there is one for each). A player operation (every
 * one neither public nor staff) passes through `checks.player` first, a staff operation through
 * `checks.staff` with the permission it declares (`x-permission`, required), so no handler checks either
 * itself. The binder knows the contract, not the site's HTTP layer: both come in here.
 */
export function bindContract(
  app: FastifyInstance,
  handlers: Readonly<Record<string, unknown>>,
  ctx: AppContext,
  checks: SecurityChecks,
  doc: OpenApiDocument = loadContract(),
): void {
  for (const { method, path, operation } of listOperations(doc)) {
    const operationId = operation.operationId;
    const handler = handlers[operationId];
    if (typeof handler !== 'function') throw new Error(`no handler for ${operationId}`);
    // One loose signature for the route: the binder pairs each operation with its own typed handler.
    const handle = handler as (req: FastifyRequest, reply: FastifyReply, ctx: AppContext) => unknown;
    const config: ContractRouteConfig = { operationId, security: operationSecurity(operation) };
    const permission = operation['x-permission'];
    if (config.security === 'staff' && !permission)
      throw new Error(`${operationId} declares no x-permission`);
    app.route({
      method: method.toUpperCase() as 'GET' | 'POST',
      url: routePath(path),
      schema: fastifySchema(operation),
      config,
      ...(config.security === 'wallet' ? { preValidation: checks.wallet() } : {}),
      ...(config.security === 'hub88' ? { preValidation: checks.hub88() } : {}),
      preHandler:
        config.security === 'player'
          ? checks.player(operationId)
          : config.security === 'staff'
            ? checks.staff(operationId, permission!)
            : undefined,
      handler: (req, reply) => handle(req, reply, ctx),
    });
  }
}

/**
 * Checks every answer of a contract route against the contract: its status must be one the operation
 * declares (or 500), and a JSON body must match the response schema for that status. A mismatch is logged
 * and replaced by a 500, so a test that passes has answered in the contract's statuses and shapes.
 * Meant for tests and development: it parses each payload once more.
 */
export function enforceResponseContract(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const config = req.routeOptions.config as Partial<ContractRouteConfig> | undefined;
    const operationId = config?.operationId;
    if (!operationId) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    const json = typeof payload === 'string' && type.startsWith('application/json');
    const errors = json
      ? checkResponse(operationId, reply.statusCode, JSON.parse(payload))
      : declaresStatus(operationId, reply.statusCode)
        ? null
        : [{ field: '(status)', message: `${reply.statusCode} is not a status ${operationId} declares` }];
    if (!errors) return payload;
    req.log.error({ operationId, status: reply.statusCode, errors }, 'response does not match openapi.yaml');
    // A stream being replaced is closed, not left open.
    if (payload instanceof Readable) payload.destroy();
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({
      code: 'INTERNAL_ERROR',
      message: `Response of ${operationId} (${reply.statusCode}) does not match the contract`,
      details: errors,
    });
  });
}
