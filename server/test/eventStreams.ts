import http, { type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Order } from '../src/domain/orders';
import { expectContract } from './helpers';

/**
 * GET /api/v2/players/events as a browser's EventSource reads it: a real listening server and an HTTP
 * client reading the stream. Each order change of the signed-in player arrives as `event: order`.
 */

export interface Stream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The next order event matching `wanted`, or a failure after `ms`. */
  next(wanted: (order: Order) => boolean, ms?: number): Promise<Order>;
  /** Every order event received so far. */
  received: Order[];
  /** The body of a refusal. */
  body: string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens the stream as a browser's EventSource would, on a connection of its own (node:http, no agent: a
 * pooled client keeps spare connections that a closing server would wait for).
 */
export function openStream(base: string, cookie?: string): Promise<Stream> {
  return new Promise((resolveStream, rejectStream) => {
    const req = http.get(
      `${base}/api/v2/players/events`,
      {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          'accept-encoding': 'gzip, br',
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const received: Order[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        const stream: Stream = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          received,
          body: '',
          ended: new Promise((resolve) => res.on('close', resolve)),
          close: () => req.destroy(),
          next(wanted, ms = 10_000) {
            return new Promise((resolve, reject) => {
              const check = () => {
                const found = received.find(wanted);
                if (!found) return;
                waiters.delete(check);
                clearTimeout(timer);
                resolve(found);
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                reject(new Error(`no such order event within ${ms} ms; got ${JSON.stringify(received)}`));
              }, ms);
              waiters.add(check);
              check();
            });
          },
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (stream.status !== 200) {
            stream.body += chunk;
            return;
          }
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const lines = buffer.slice(0, end).split('\n');
            buffer = buffer.slice(end + 2);
            if (!lines.includes('event: order')) continue;
            const data = JSON.parse(lines.find((l) => l.startsWith('data: '))!.slice(6));
            expectContract('checkDeposit', 200, data); // the data of an order event is an OrderResponse
            received.push(data.order);
            for (const wake of waiters) wake();
          }
        });
        res.on('error', () => undefined);
        if (stream.status === 200) resolveStream(stream);
        else res.on('end', () => resolveStream(stream));
      },
    );
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') rejectStream(err);
    });
  });
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
