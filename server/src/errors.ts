import type { components } from '@core/contract';

export type ErrorCode = components['schemas']['ErrorCode'];

export interface ErrorDetail {
  field: string;
  message: string;
}

/**
 * A refusal in the contract's words: a catalogued code from openapi.yaml, a message for developers and
 * optional details. It names no HTTP status: the HTTP layer picks one from its table (http/errorStatus.ts),
 * and the ops CLI prints the code, so domain rules say what went wrong, not how a transport reports it.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
