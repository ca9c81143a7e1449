import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toFieldErrors } from '../contract/validate';
import { ApiError, type ErrorCode, type ErrorDetail } from '../errors';

interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

/** The contract's error shape for any thrown value. Unknown failures say nothing about their cause. */
export function toErrorResponse(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof ApiError) {
    const body: ErrorBody = { code: err.code, message: err.message };
    if (err.details) body.details = err.details;
    return { status: err.status, body };
  }
  const fe = err as Partial<FastifyError>;
  if (fe.validation) {
    return {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: fe.message ?? 'Invalid request',
        details: toFieldErrors(fe.validation as never),
      },
    };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send Content-Type: application/json' },
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: { code: 'VALIDATION_ERROR', message: 'The body is not valid JSON' } };
  }
  if (err instanceof SyntaxError || fe.statusCode === 400) {
    return { status: 400, body: { code: 'VALIDATION_ERROR', message: 'The request is malformed' } };
  }
  if (fe.statusCode === 413) {
    return { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' } };
  }
  // 403 here comes from the static file server (a directory, a dotfile): to a client that is "not found".
  if (fe.statusCode === 404 || fe.statusCode === 403) {
    return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
  }
  return { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } };
}

/** The one error handler and the /api not-found answer. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorResponse(err);
    // Full detail (stack, SQL) goes to the log only, tied to the request id the client sees.
    if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ code: body.code, status }, 'request refused');
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send({ code: 'NOT_FOUND', message: 'Not found' } satisfies ErrorBody);
}
