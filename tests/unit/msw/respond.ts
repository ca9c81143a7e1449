import { HttpResponse } from 'msw';
import { ERROR_STATUS } from '@core/errorStatus';
import type { Error as ApiError, ErrorCode } from '@/api';
import type { FakeState } from './fakeState';

/** Handlers match any origin: the app builds its base URL from location.origin. */
export function apiPath(path: string): string {
  return `*/api${path}`;
}

interface ErrorOptions {
  /** Only where a test plays a broken server or proxy (a 503 in front of the API): otherwise the server's own. */
  status?: number;
  message?: string;
  details?: ApiError['details'];
}

/**
 * A refusal as the server answers it: the status is the one the server gives the code (core/errorStatus.ts),
 * so a web test cannot pass against a status the server never sends. A plain Response, so each resolver's
 * body type is inferred from its success answer alone.
 */
export function errorResponse(code: ErrorCode, options: ErrorOptions = {}): Response {
  const { status = ERROR_STATUS[code], message = code, details } = options;
  return HttpResponse.json<ApiError>({ code, message, ...(details ? { details } : {}) }, { status });
}

/**
 * Records "METHOD /path" and consumes a forced failure for the operation, if one is set.
 * Returns the failure response to send, or undefined to go on normally.
 */
export function track(state: FakeState, request: Request, operationId: string) {
  const url = new URL(request.url);
  state.requests.push(`${request.method} ${url.pathname.replace(/^\/api/, '')}`);
  const failure = state.failNext[operationId];
  if (!failure) return undefined;
  delete state.failNext[operationId];
  return errorResponse(failure.code, failure);
}

export function unauthorized() {
  return errorResponse('UNAUTHORIZED', { message: 'Sign in to continue' });
}
