import type { components } from './contract/types';

export type ErrorCode = components['schemas']['ErrorCode'];

export interface ErrorDetail {
  field: string;
  message: string;
}

/** A failure the client is meant to see: an HTTP status and a catalogued code from openapi.yaml. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
