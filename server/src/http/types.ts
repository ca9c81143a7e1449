import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../contract/types';
import type { AppContext } from '../context';

export type OperationId = keyof operations;

/** The signed-in player of a request, as resolved from the session cookie. */
export interface SessionPlayer {
  playerId: string;
  username: string;
  /** Internal session row id. */
  sessionId: string;
}

/**
 * One handler per operationId. The contract binder has already validated params, query, headers and body
 * against openapi.yaml; the handler sets the status with reply.code() when it is not 200 and returns the body.
 */
export type Handler = (req: FastifyRequest, reply: FastifyReply, ctx: AppContext) => Promise<unknown>;

export type HandlerMap = Partial<Record<OperationId, Handler>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw JSON text of the body (set by the JSON parser), e.g. to check a payment callback's HMAC. */
    rawBody?: string;
  }
}
