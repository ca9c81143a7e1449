import { HttpResponse } from 'msw';
import type { FakeState } from './fakeState';

/** Handlers match any origin: the app builds its base URL from location.origin. */
export function apiPath(path: string): string {
  return `*/api${path}`;
}

export function errorResponse(
  status: number,
  code: string,
  message = code,
  details?: { field: string; message: string }[],
) {
  return HttpResponse.json({ code, message, ...(details ? { details } : {}) }, { status });
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
  return errorResponse(failure.status, failure.code, failure.code, failure.details);
}

export function unauthorized() {
  return errorResponse(401, 'UNAUTHORIZED', 'Sign in to continue');
}
