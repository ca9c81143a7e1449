import http, { type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Order } from '../src/domain/ledger/orders';
import { expectContract } from './helpers';

/**
 * The live event streams (the player's and the back office's) as a browser's EventSource reads them: a real
 * listening server and an HTTP client reading the stream.
 */

export interface Stream<T = Order> {
  status: number;
  headers: IncomingHttpHeaders;
  /** The next event matching `wanted`, or a failure after `ms`. */
  next(wanted: (item: T) => boolean, ms?: number): Promise<T>;
  /** Every event received so far. */
  received: T[];
  /** The body of a refusal. */
  body: string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** An event of the back office's stream (streamStaffEvents): its name and data. */
export interface StaffStreamEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The player's order events, each checked against the contract (the data is an OrderResponse). */
export function openStream(base: string, cookie?: string): Promise<Stream> {
  return openEventStream(base, '/api/v2/players/events', cookie, (event, data) => {
    if (event !== 'order') return undefined;
    expectContract('checkDeposit', 200, data);
    return (data as { order: Order }).order;
  });
}

/** The back office's live events, as named events with their data. */
export function openStaffStream(base: string, cookie?: string): Promise<Stream<StaffStreamEvent>> {
  return openEventStream(base, '/api/v2/backoffice/events', cookie, (event, data) => ({
    event,
    data: data as Record<string, unknown>,
  }));
}

/**
 * Opens a stream as a browser's EventSource would, on a connection of its own (node:http, no agent: a
 * pooled client keeps spare connections that a closing server would wait for). `pick` turns each event into
 * what the test waits for (undefined: not kept).
 */
function openEventStream<T>(
  base: string,
  path: string,
  cookie: string | undefined,
  pick: (event: string, data: unknown) => T | undefined,
): Promise<Stream<T>> {
  return new Promise((resolveStream, rejectStream) => {
    const req = http.get(
      `${base}${path}`,
      {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          'accept-encoding': 'gzip, br',
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const received: T[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        const stream: Stream<T> = {
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
                reject(new Error(`no such event within ${ms} ms; got ${JSON.stringify(received)}`));
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
            const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
            const data = lines.find((l) => l.startsWith('data: '));
            if (!event || !data) continue;
            const item = pick(event, JSON.parse(data.slice(6)));
            if (item === undefined) continue;
            received.push(item);
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
