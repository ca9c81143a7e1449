import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { connect } from '../src/db/connect';
import { TEST_PASSWORD, cookieFrom, createTestApp, jsonHeaders, uniqueUsername } from './helpers';

// Two app instances on one PostgreSQL database: a session made on one works on the other, and the
// throttle counts are shared. Only meaningful with a real server, so it runs when DATABASE_URL is set.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('two instances on one PostgreSQL database', () => {
  test('log in on one instance, use the session and see the throttle on the other', async () => {
    const a = await createTestApp();
    // Instance B: its own pool and app, same schema, no shared process memory with A.
    const dbB = await connect(a.ctx.config, { searchPath: a.database });
    const appB = await buildApp({ ...a.ctx, db: dbB, adapters: createAdapters(a.ctx.config, dbB) });
    try {
      const username = uniqueUsername();
      const reg = await a.app.inject({
        method: 'POST',
        url: '/api/v2/players/register',
        headers: jsonHeaders(),
        payload: { username, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, fingerprint: 'fp' },
      });
      expect(reg.statusCode).toBe(201);
      const login = await a.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        headers: jsonHeaders(),
        payload: { username, password: TEST_PASSWORD },
      });
      const cookie = cookieFrom(login.headers['set-cookie']);
      const info = await appB.inject({ method: 'GET', url: '/api/v2/players/info', headers: { cookie } });
      expect(info.statusCode).toBe(200);
      expect(info.json().player.username).toBe(username);

      // Logout on B ends the session on A too.
      await appB.inject({ method: 'POST', url: '/api/v2/players/logout', headers: jsonHeaders(cookie) });
      expect(
        (await a.app.inject({ method: 'GET', url: '/api/v2/players/info', headers: { cookie } })).statusCode,
      ).toBe(401);

      // Failures on A count on B.
      for (let i = 0; i < 5; i++) {
        await a.app.inject({
          method: 'POST',
          url: '/api/v2/players/login',
          headers: jsonHeaders(),
          payload: { username, password: 'wrong password!' },
          remoteAddress: '203.0.113.50',
        });
      }
      const throttled = await appB.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        headers: jsonHeaders(),
        payload: { username, password: TEST_PASSWORD },
        remoteAddress: '203.0.113.50',
      });
      expect(throttled.statusCode).toBe(429);
    } finally {
      await appB.close();
      await dbB.close();
      await a.close();
    }
  });
});
