import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { connect } from '../src/db/connect';
import { addPlayTime } from '../src/domain/players/playTime';
import { runOps } from '../src/ops/commands';
import { listen, openStream, type Stream } from './eventStreams';
import {
  cookieFrom,
  createTestApp,
  jsonHeaders,
  registerAndLogin,
  TEST_PASSWORD,
  type TestApp,
} from './helpers';
import { addAccount, call, createDeposit } from './moneyFixtures';

/**
 * Ending a session closes its live event streams (GET /api/v2/players/events) on every instance within
 * 2 s, whichever way it ends, and such a stream delivers nothing after the end: an order change committed
 * right after it never reaches the stream. The pings are 25 s apart here (the default), so only the end
 * being heard can close a stream this fast.
 */

const CLOSE_WITHIN_MS = 2000;

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
  base = await listen(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** Resolves when the stream is closed by the server, or fails after `ms`. */
async function closedWithin(stream: Stream, ms = CLOSE_WITHIN_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the stream was still open ${ms} ms after the end`)), ms);
  });
  try {
    await Promise.race([stream.ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A signed-in player with a bank account, so that they can open deposits. */
async function player() {
  const p = await registerAndLogin(t.app);
  await addAccount(t.app, p.cookie);
  return p;
}

async function login(username: string, password = TEST_PASSWORD): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/players/login',
    headers: jsonHeaders(),
    payload: { username, password },
  });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res.headers['set-cookie']);
}

/**
 * A player with an open deposit and a live stream on this server. `afterEnd` fails the deposit: an order
 * change committed after the session's end, which the ended stream must never deliver.
 */
async function playerWithStream() {
  const p = await player();
  const code = (await createDeposit(t.app, p.cookie)).body.order.code as string;
  const stream = await openStream(base, p.cookie);
  expect(stream.status).toBe(200);
  return {
    ...p,
    stream,
    code,
    afterEnd: async () =>
      expect(await runOps(t.ctx, ['deposits', 'fail', code])).toMatchObject({ exitCode: 0 }),
  };
}

/**
 * The order change made after the end reached a live stream (so it was sent), not the ended one. What a
 * server writes before closing arrives before the close, so once closed the ended stream has it all.
 */
async function expectNothingAfterEnd(ended: Stream, code: string, live: Stream): Promise<void> {
  await live.next((o) => o.code === code && o.status === 'FAILED');
  expect(ended.received.filter((o) => o.code === code && o.status === 'FAILED')).toEqual([]);
}

describe('ending a session closes its event streams at once', () => {
  it('logout', async () => {
    const p = await playerWithStream();
    const other = await openStream(base, await login(p.username));
    try {
      await call(t.app, 'logoutPlayer', 'POST', '/api/v2/players/logout', { cookie: p.cookie });
      await p.afterEnd();
      await closedWithin(p.stream);
      await expectNothingAfterEnd(p.stream, p.code, other);
    } finally {
      other.close();
    }
  });

  it('ending that session from another device', async () => {
    const p = await playerWithStream();
    const sessions = await call(t.app, 'listSessions', 'GET', '/api/v2/players/sessions', {
      cookie: p.cookie,
    });
    const id = sessions.body.sessions.find((s: { current: boolean }) => s.current).id as string;
    const otherCookie = await login(p.username);
    const other = await openStream(base, otherCookie);
    try {
      const ended = await call(t.app, 'endSession', 'DELETE', `/api/v2/players/sessions/${id}`, {
        cookie: otherCookie,
      });
      expect(ended.status).toBe(200);
      await p.afterEnd();
      await closedWithin(p.stream);
      await expectNothingAfterEnd(p.stream, p.code, other);
    } finally {
      other.close();
    }
  });

  it('"end other sessions": the others close, the asking one stays open and still receives', async () => {
    const p = await playerWithStream();
    const keptCookie = await login(p.username);
    const kept = await openStream(base, keptCookie);
    try {
      const res = await call(t.app, 'endOtherSessions', 'POST', '/api/v2/players/sessions/end-others', {
        cookie: keptCookie,
      });
      expect(res.body).toEqual({ ended: 1 });
      await p.afterEnd();
      await closedWithin(p.stream);
      await expectNothingAfterEnd(p.stream, p.code, kept);
    } finally {
      kept.close();
    }
  });

  it('self-exclusion ends every session of the player', async () => {
    const p = await playerWithStream();
    const second = await openStream(base, await login(p.username));
    const res = await call(t.app, 'selfExclude', 'POST', '/api/v2/players/protection/self-exclusion', {
      cookie: p.cookie,
      payload: { months: 6 },
    });
    expect(res.status).toBe(200);
    await p.afterEnd();
    await Promise.all([closedWithin(p.stream), closedWithin(second)]);
    expect(p.stream.received.concat(second.received).some((o) => o.status === 'FAILED')).toBe(false);
  });

  it('a password change ends every session of the player', async () => {
    const p = await playerWithStream();
    const newPassword = 'purple monkey dishwasher';
    const res = await call(t.app, 'changePassword', 'POST', '/api/v2/players/security/password/change', {
      cookie: p.cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword, confirmNewPassword: newPassword },
    });
    expect(res.status).toBe(200);
    await p.afterEnd();
    await closedWithin(p.stream);
    expect(p.stream.received.some((o) => o.status === 'FAILED')).toBe(false);
  });

  it('the daily play-time limit ends the session that reaches it', async () => {
    const p = await playerWithStream();
    const setLimit = await call(t.app, 'setLimit', 'PUT', '/api/v2/players/protection/limits', {
      cookie: p.cookie,
      payload: { kind: 'PLAY_TIME', period: 'DAY', amount: 30 },
    });
    expect(setLimit.body.outcome).toBe('APPLIED');
    // 29 minutes played today and last active 2 minutes ago: the session's next request reaches 31.
    await addPlayTime(t.ctx.db, p.playerId, 29 * 60, new Date());
    await t.ctx.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE player_id = $1`,
      [p.playerId],
    );
    const refused = await call(t.app, 'getPlayerCredits', 'GET', '/api/v2/players/credits', {
      cookie: p.cookie,
    });
    expect(refused.status).toBe(401);
    await p.afterEnd();
    await closedWithin(p.stream);
    expect(p.stream.received.some((o) => o.status === 'FAILED')).toBe(false);
  });

  it('timing out (absolute expiry) closes the stream when it happens, with no request to end it', async () => {
    const p = await player();
    await t.ctx.db.query(
      `UPDATE sessions SET expires_at = now() + interval '1 second' WHERE player_id = $1`,
      [p.playerId],
    );
    const stream = await openStream(base, p.cookie);
    expect(stream.status).toBe(200);
    await closedWithin(stream, 1000 + CLOSE_WITHIN_MS);
    const code = (await createDeposit(t.app, await login(p.username))).body.order.code as string;
    expect(stream.received.map((o) => o.code)).not.toContain(code);
  });
});

// Two instances on one PostgreSQL database: the end, made on one, closes the stream held by the other
// (LISTEN/NOTIFY). Only meaningful with a real server, so it runs when DATABASE_URL is set.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('session ends across two instances', () => {
  test('"end other sessions" on instance A closes the stream held by instance B within 2 s', async () => {
    const dbB = await connect(t.ctx.config, { searchPath: t.database });
    const appB = await buildApp({ ...t.ctx, db: dbB, adapters: createAdapters(t.ctx.config, dbB) });
    try {
      const baseB = await listen(appB);
      const p = await player();
      const code = (await createDeposit(t.app, p.cookie)).body.order.code as string;
      const onB = await openStream(baseB, p.cookie);
      expect(onB.status).toBe(200);
      const keptCookie = await login(p.username);
      const keptOnB = await openStream(baseB, keptCookie);
      try {
        await call(t.app, 'endOtherSessions', 'POST', '/api/v2/players/sessions/end-others', {
          cookie: keptCookie,
        });
        expect(await runOps(t.ctx, ['deposits', 'fail', code])).toMatchObject({ exitCode: 0 });
        await closedWithin(onB);
        await expectNothingAfterEnd(onB, code, keptOnB);
      } finally {
        keptOnB.close();
      }
    } finally {
      await appB.close();
      await dbB.close();
    }
  });
});
