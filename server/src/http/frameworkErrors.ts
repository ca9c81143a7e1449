import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './errorHandler';

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route or hook runs (a path
 * parameter over maxParamLength, a malformed URL, a bad Content-Type header). Without it the client gets
 * Fastify's own {statusCode, error, message}; with it, the contract's error schema like every other answer.
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorResponse(err);
  req.log.info({ code: body.code, status, fastify: err.code }, 'request refused by the router');
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's `clientErrorHandler` option: the HTTP parser refused the bytes (a broken request line or
 * header, an oversized header). There is no request object; the answer is written to the socket by hand,
 * in the contract's error schema, and the connection closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(err);
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    code: 'VALIDATION_ERROR',
    message: tooLarge ? 'The request headers are too large' : 'The request is malformed',
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
