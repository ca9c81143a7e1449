import type { FastifyReply } from 'fastify';
import { DomainError } from '../errors';

/** 429 TOO_MANY_ATTEMPTS for an address past its limit: Retry-After and the same figure in details. */
export function tooManyFromAddress(reply: FastifyReply, retryAfter: number): DomainError {
  reply.header('Retry-After', String(retryAfter));
  return new DomainError('TOO_MANY_ATTEMPTS', 'Too many requests from this address; try again later', [
    { field: 'retryAfter', message: String(retryAfter) },
  ]);
}
