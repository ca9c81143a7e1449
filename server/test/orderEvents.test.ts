import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { connect } from '../src/db/connect';
import { MAX_STREAMS_PER_SESSION } from '../src/http/events';
import { listen, openStream } from './eventStreams';
import { createTestApp, jsonHeaders, registerAndLogin, type TestApp } from './helpers';
import { call, createDeposit, depositAndPay } from './moneyFixtures';

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
