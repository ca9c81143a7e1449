import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '@core/contract';
import type { HUB88_OPERATIONS, PUBLIC_OPERATIONS, WALLET_OPERATIONS } from '@core/operations';
import type { STAFF_OPERATIONS, STAFF_PUBLIC_OPERATIONS } from '@core/staffOperations';
import type { AppContext } from '../context';
import type { ActiveSession } from '../domain/players/sessions';
import type { StaffSession } from '../domain/staff/staffSessions';

export type OperationId = keyof operations;

export type PublicOperationId = (typeof PUBLIC_OPERATIONS)[number] | (typeof STAFF_PUBLIC_OPERATIONS)[number];

/** Called by game providers, signed: no session (http/walletAuth.ts). */
export type WalletOperationId = (typeof WALLET_OPERATIONS)[number] | (typeof HUB88_OPERATIONS)[number];

export type StaffOperationId = (typeof STAFF_OPERATIONS)[number];

type Operation<K extends OperationId> = operations[K];

/** A parameter group the operation does not have becomes an empty object rather than `never`. */
type Group<T> = [Exclude<T, undefined>] extends [never] ? Record<string, never> : Exclude<T, undefined>;

/** Node gives header names in lower case; the contract spells them "Idempotency-Key". */
type LowerCaseKeys<T> = { [H in keyof T as Lowercase<H & string>]: T[H] };

type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;

type SuccessStatus = 200 | 201;

/** The JSON body of the operation's success answers (200 or 201). */
export type SuccessBody<K extends OperationId> = {
  [S in keyof Operation<K>['responses']]: S extends SuccessStatus
    ? JsonBody<Operation<K>['responses'][S]>
    : never;
}[keyof Operation<K>['responses']];

/** The request of one operation as the binder hands it over: validated against openapi.yaml. */
export interface OperationRequest<K extends OperationId> {
  Params: Group<Operation<K>['parameters']['path']>;
  Querystring: Group<Operation<K>['parameters']['query']>;
  Headers: LowerCaseKeys<Group<Operation<K>['parameters']['header']>>;
  Body: JsonBody<Exclude<Operation<K>['requestBody'], undefined>>;
}

/**
 * An operation that requires a session reaches its handler only with one (see sessionHook in auth.ts); a
 * staff operation only with a staff session whose role has its permission (staffAuth.ts).
 */
export type ContractRequest<K extends OperationId> = FastifyRequest<OperationRequest<K>> &
  (K extends PublicOperationId | WalletOperationId
    ? unknown
    : K extends StaffOperationId
      ? { staff: StaffSession }
      : { session: ActiveSession });

/**
 * The handler of one operationId. The binder has already validated params, query, headers and body and,
 * for operations that require one, resolved the session; the handler sets the status with reply.code()
 * when it is not 200 and returns the body.
 */
export type Handler<K extends OperationId> = (
  req: ContractRequest<K>,
  reply: FastifyReply,
  ctx: AppContext,
) => Promise<SuccessBody<K>>;

/** Handlers of some operations, as a handler module exports them (checked with `satisfies`). */
export type SomeHandlers = { [K in OperationId]?: Handler<K> };

/** A handler for every operation of the contract: a missing one does not compile. */
export type HandlerMap = { [K in OperationId]: Handler<K> };

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw JSON text of the body (set by the JSON parser), e.g. to check a payment callback's HMAC. */
    rawBody?: string;
    /** The signed-in session, set before the handler of an operation that requires one. */
    session?: ActiveSession;
    /** The signed-in staff member, set before the handler of a back office operation. */
    staff?: StaffSession;
  }
}
