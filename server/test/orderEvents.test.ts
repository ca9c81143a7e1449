import http, { type IncomingHttpHeaders } from 'node:http';
import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { connect } from '../src/db/connect';
import type { Order } from '../src/domain/orders';
import { MAX_STREAMS_PER_SESSION } from '../src/http/events';
import { createTestApp, expectContract, jsonHeaders, registerAndLogin, type TestApp } from './helpers';
import { call, createDeposit, depositAndPay } from './moneyFixtures';

/**
 * GET /api/v2/players/events as a browser's EventSource reads it: a real listening server and an HTTP
 * client reading the stream. Each order change of the signed-in player arrives as `event: order`.
 */

interface Stream {
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
function openStream(base: string, cookie?: string): Promise<Stream> {
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

async function listen(app: TestApp['app']): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
  base = await listen(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('streamPlayerEvents', () => {
  it('pushes the SUCCESS order when a deposit is paid through the sandbox bank; the stream is not compressed', async () => {
    const p = await registerAndLogin(t.app);
    const stream = await openStream(base, p.cookie);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['content-encoding']).toBeUndefined();
      const code = await depositAndPay(t.app, p.cookie);
      const order = await stream.next((o) => o.code === code && o.status === 'SUCCESS');
      expect(order).toMatchObject({ kind: 'DEPOSIT', amount: 100_000, credit: 15_384 });
    } finally {
      stream.close();
    }
  });

  it("never sends another player's orders", async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const streamA = await openStream(base, a.cookie);
    try {
      const codeB = await depositAndPay(t.app, b.cookie);
      // A's own change after B's: once it arrived, B's would have too.
      const created = await createDeposit(t.app, a.cookie);
      const codeA = created.body.order.code as string;
      await call(t.app, 'cancelDeposit', 'POST', `/api/v2/deposits/${codeA}/cancel`, { cookie: a.cookie });
      await streamA.next((o) => o.code === codeA && o.status === 'CANCELED');
      expect(streamA.received.map((o) => o.code)).not.toContain(codeB);
      expect(streamA.received.every((o) => o.code === codeA)).toBe(true);
    } finally {
      streamA.close();
    }
  });

  it('answers 401 without a session', async () => {
    const refused = await openStream(base);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it(`holds at most ${MAX_STREAMS_PER_SESSION} streams per session (429), and frees one when it closes`, async () => {
    const p = await registerAndLogin(t.app);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await openStream(base, p.cookie));
    try {
      expect(streams.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_SESSION).fill(200));
      const refused = await openStream(base, p.cookie);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
      streams.pop()!.close();
      let again = await openStream(base, p.cookie);
      for (let i = 0; again.status !== 200 && i < 20; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        again = await openStream(base, p.cookie);
      }
      expect(again.status).toBe(200);
      streams.push(again);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('ends with the session', async () => {
    // A second app on the same database, its pings 100 ms apart (its own adapters: t.app keeps its own).
    const app = await buildApp(
      { ...t.ctx, adapters: createAdapters(t.ctx.config, t.ctx.db) },
      { eventPingMs: 100 },
    );
    try {
      const own = await listen(app);
      const p = await registerAndLogin(t.app);
      const stream = await openStream(own, p.cookie);
      expect(stream.status).toBe(200);
      await t.app.inject({ method: 'POST', url: '/api/v2/players/logout', headers: jsonHeaders(p.cookie) });
      await stream.ended;
    } finally {
      await app.close();
    }
  });
});

// Two instances on one PostgreSQL database: a payment applied on one reaches a stream held by the other
// (LISTEN/NOTIFY). Only meaningful with a real server, so it runs when DATABASE_URL is set.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('order events across two instances', () => {
  test('a deposit paid on instance B is pushed to the stream held on instance A', async () => {
    const dbB = await connect(t.ctx.config, { searchPath: t.database });
    const appB = await buildApp({ ...t.ctx, db: dbB, adapters: createAdapters(t.ctx.config, dbB) });
    try {
      const p = await registerAndLogin(t.app);
      const stream = await openStream(base, p.cookie);
      try {
        const code = await depositAndPay(appB, p.cookie);
        expect(await stream.next((o) => o.code === code && o.status === 'SUCCESS')).toMatchObject({
          credit: 15_384,
        });
      } finally {
        stream.close();
      }
    } finally {
      await appB.close();
      await dbB.close();
    }
  });
});
