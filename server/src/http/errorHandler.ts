import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContractRouteConfig } from '../contract/bind';
import { toFieldErrors } from '../contract/validate';
import { DomainError, type ErrorCode, type ErrorDetail } from '../errors';
import { errorStatus } from '@core/errorStatus';

interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

/** A refusal's answer: the status comes from the one table, for the operation that was asked. */
function refusal(code: ErrorCode, message: string, details?: ErrorDetail[], operationId?: string) {
  const body: ErrorBody = { code, message };
  if (details) body.details = details;
  return { status: errorStatus(code, operationId), body };
}

/**
 * The contract's error shape for any thrown value. Unknown failures say nothing about their cause.
 * `operationId` is the contract operation the request matched, when it matched one.
 */
export function toErrorResponse(err: unknown, operationId?: string): { status: number; body: ErrorBody } {
  if (err instanceof DomainError) return refusal(err.code, err.message, err.details, operationId);
  const fe = err as Partial<FastifyError>;
  if (fe.validation) {
    return refusal(
      'VALIDATION_ERROR',
      fe.message ?? 'Invalid request',
      toFieldErrors(fe.validation as never),
    );
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return refusal('PAYLOAD_TOO_LARGE', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return refusal('UNSUPPORTED_MEDIA_TYPE', 'Send Content-Type: application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return refusal('VALIDATION_ERROR', 'The body is not valid JSON');
    // The router's limit (maxParamLength, app.ts) is well over any path parameter the contract allows:
    // this is a parameter that does not match its schema, answered as the validator would.
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return refusal('VALIDATION_ERROR', 'A path parameter is too long');
    // @fastify/compress decompresses request bodies: an encoding it does not know, or a body that is
    // not in the encoding named.
    case 'FST_CP_ERR_INVALID_CONTENT_ENCODING':
      return refusal('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Encoding');
    case 'FST_CP_ERR_INVALID_CONTENT':
      return refusal('VALIDATION_ERROR', 'The body is not in the Content-Encoding named');
  }
  if (err instanceof SyntaxError || fe.statusCode === 400) {
    return refusal('VALIDATION_ERROR', 'The request is malformed');
  }
  if (fe.statusCode === 413) return refusal('PAYLOAD_TOO_LARGE', 'The request body is too large');
  if (fe.statusCode === 415) return refusal('UNSUPPORTED_MEDIA_TYPE', 'Send Content-Type: application/json');
  // 403 here comes from the static file server (a directory, a dotfile): to a client that is "not found".
  if (fe.statusCode === 404 || fe.statusCode === 403) return refusal('NOT_FOUND', 'Not found');
  // Any other refusal by the framework or a plugin (414, 431, …) is the client's malformed request, never
  // a server failure: answered as one in the catalogue.
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return refusal('VALIDATION_ERROR', 'The request is malformed');
  }
  return refusal('INTERNAL_ERROR', 'Something went wrong');
}

/** The one error handler and the /api not-found answer. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const config = req.routeOptions.config as Partial<ContractRouteConfig> | undefined;
    // An /api path no operation took, whose parameter is over the router's limit: with the built app
    // served, the static files' wildcard takes it (and refuses it as a file name) before the router can.
    const { status, body } =
      config?.operationId === undefined && isOverLongApiPath(req.url)
        ? refusal('VALIDATION_ERROR', 'A path parameter is too long')
        : toErrorResponse(err, config?.operationId);
    // Full detail (stack, SQL) goes to the log only, tied to the request id the client sees.
    if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ code: body.code, status }, 'request refused');
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

/** The router's longest path parameter (app.ts): anything longer is a malformed request. */
export const MAX_PARAM_LENGTH = 300;

/** An /api path with a segment over MAX_PARAM_LENGTH: no operation can take it. */
function isOverLongApiPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return path.startsWith('/api/') && path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH);
}

/**
 * An /api path no route took. With the built app served, a path whose parameter is over MAX_PARAM_LENGTH
 * falls past its operation's route to the static files' wildcard: it is answered as the router answers it
 * without the app (FST_ERR_MAX_PARAM_LENGTH above).
 */
export function sendApiNotFound(reply: FastifyReply, url: string): FastifyReply {
  if (!isOverLongApiPath(url)) return sendNotFound(reply);
  const { status, body } = refusal('VALIDATION_ERROR', 'A path parameter is too long');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  const { status, body } = refusal('NOT_FOUND', 'Not found');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
