import { setPlayerStatus } from '../src/domain/players/players';
import {
  TEST_PASSWORD,
  cookieFrom,
  createTestApp,
  expectContract,
  jsonHeaders,
  registerAndLogin,
  uniqueUsername,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function post(url: string, payload: unknown, cookie?: string) {
  return t.app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload: payload as object });
}
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const login = (username: string, password: string) => post('/api/v2/players/login', { username, password });
const register = (username: string, password = TEST_PASSWORD, extra: Record<string, unknown> = {}) =>
  post('/api/v2/players/register', {
    username,
    password,
    confirmPassword: password,
    fingerprint: 'fp-1',
    ...extra,
  });

describe('registration', () => {
  test('creates the player and signs them in, as a login does', async () => {
    const username = uniqueUsername();
    const res = await register(username);
    expect(res.statusCode).toBe(201);
    expectContract('registerPlayer', 201, res.json());
    expect(res.json().player).toMatchObject({ username, displayName: username, status: 'ACTIVE' });
    const cookies = [res.headers['set-cookie']].flat().join('\n');
    expect(cookies).toMatch(/^sid=[^;]+;.*HttpOnly/m);
    // The browser is this player's device from now on, as after a login; the browser sends it with every
    // request, a registration's too (the referral rule on a shared device, docs/rewards.md).
    expect(cookies).toMatch(/^did=[^;]+;.*Path=\/;/m);
    const info = await get('/api/v2/players/info', cookieFrom(res.headers['set-cookie']));
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      player: { username },
      credential: { previousLoginAt: '0001-01-01T00:00:00Z' },
      bankAccounts: [],
    });
    // The first login after it is the second sign-in: it shows the registration's as the previous one.
    const login = await post('/api/v2/players/login', { username, password: TEST_PASSWORD });
    const next = await get('/api/v2/players/info', cookieFrom(login.headers['set-cookie']));
    expect(next.json().credential.previousLoginAt).toBe(info.json().credential.loginAt);
  });

  test('a session cookie sent along with a registration is ended, as at login', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const res = await post(
      '/api/v2/players/register',
      {
        username: uniqueUsername(),
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        fingerprint: 'f',
      },
      cookie,
    );
    expect(res.statusCode).toBe(201);
    expect((await get('/api/v2/players/info', cookie)).statusCode).toBe(401);
    expect((await get('/api/v2/players/info', cookieFrom(res.headers['set-cookie']))).statusCode).toBe(200);
  });

  test('a refused registration signs nobody in', async () => {
    const username = uniqueUsername();
    await register(username);
    const res = await register(username);
    expect(res.statusCode).toBe(409);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('a taken username answers 409 USERNAME_TAKEN', async () => {
    const username = uniqueUsername();
    await register(username);
    const res = await register(username);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('USERNAME_TAKEN');
    expectContract('registerPlayer', 409, res.json());
  });

  test('confirmPassword must match: 400 PASSWORD_MISMATCH', async () => {
    const res = await post('/api/v2/players/register', {
      username: uniqueUsername(),
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD + 'x',
      fingerprint: 'fp',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORD_MISMATCH');
  });

  test('a most-common password is refused with a field detail', async () => {
    const res = await register(uniqueUsername(), 'password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'password' }] });
    expect((await register(uniqueUsername(), 'Iloveyou')).statusCode).toBe(400);
  });

  test('length and character rules come from the contract', async () => {
    for (const username of ['abc', 'a'.repeat(21), 'Upper', 'has space', "' OR 1=1 --"]) {
      const res = await register(username);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().details[0].field).toBe('username');
    }
    expect((await register(uniqueUsername(), 'short7!')).statusCode).toBe(400);
    expect((await register(uniqueUsername(), 'x'.repeat(65))).statusCode).toBe(400);
    // 64 characters, no composition rules: accepted.
    expect((await register(uniqueUsername(), 'y'.repeat(64))).statusCode).toBe(201);
  });

  test('stores the X-Fingerprint header with the player', async () => {
    const username = uniqueUsername();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/register',
      headers: { ...jsonHeaders(), 'x-fingerprint': 'header-visitor-id' },
      payload: { username, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, fingerprint: 'body-id' },
    });
    expect(res.statusCode).toBe(201);
    const row = await t.ctx.db.query<{ fingerprint: string }>(
      'SELECT fingerprint FROM players WHERE username = $1',
      [username],
    );
    expect(row.rows[0]!.fingerprint).toBe('header-visitor-id');
  });

  test('a script-looking displayName is stored verbatim and returned as data', async () => {
    const username = uniqueUsername();
    const displayName = '<script>alert(1)</script>';
    expect((await register(username, TEST_PASSWORD, { displayName })).statusCode).toBe(201);
    const res = await login(username, TEST_PASSWORD);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().player.displayName).toBe(displayName);
  });
});

describe('validateUsername', () => {
  test('reports free, taken and invalid names', async () => {
    const username = uniqueUsername();
    let res = await post('/api/v2/players/username/validate', { username });
    expect(res.json()).toEqual({ username, available: true });
    expectContract('validateUsername', 200, res.json());
    await register(username);
    res = await post('/api/v2/players/username/validate', { username });
    expect(res.json()).toEqual({ username, available: false, code: 'USERNAME_TAKEN' });
    res = await post('/api/v2/players/username/validate', { username: "x' OR 1=1 --" });
    expect(res.json()).toEqual({ username: "x' OR 1=1 --", available: false, code: 'USERNAME_INVALID' });
    expectContract('validateUsername', 200, res.json());
  });
});

describe('login', () => {
  test('wrong password and unknown user get the same answer', async () => {
    const { username } = await registerAndLogin(t.app);
    const wrong = await login(username, 'not the password');
    const unknown = await login(uniqueUsername('nobody'), 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('LOGIN_FAILED');
    expectContract('loginPlayer', 401, wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  test('SQL-looking credentials are just a failed login', async () => {
    const res = await login("' OR 1=1 --", "' OR '1'='1");
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('LOGIN_FAILED');
    const count = await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM players');
    expect(count.rows[0]!.n).toBeGreaterThan(0);
  });

  test('sets an HttpOnly, SameSite=Lax session cookie of at least 128 bits', async () => {
    const username = uniqueUsername();
    await register(username);
    const res = await login(username, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expectContract('loginPlayer', 200, res.json());
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    // Only the SHA-256 of the token is stored.
    const token = cookieFrom(res.headers['set-cookie']).slice('sid='.length);
    const stored = await t.ctx.db.query<{ token_hash: string }>(
      'SELECT s.token_hash FROM sessions s JOIN players p ON p.id = s.player_id WHERE p.username = $1',
      [username],
    );
    // The registration's session and this login's.
    expect(stored.rows).toHaveLength(2);
    for (const row of stored.rows) {
      expect(row.token_hash).not.toContain(token);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  test('each login gets a new session id and shows the previous login time', async () => {
    const { username, cookie: first } = await registerAndLogin(t.app);
    const firstInfo = (await get('/api/v2/players/info', first)).json();
    expect(firstInfo.credential.previousLoginAt).toBe('0001-01-01T00:00:00Z');
    const second = cookieFrom((await login(username, TEST_PASSWORD)).headers['set-cookie']);
    expect(second).not.toBe(first);
    const info = await get('/api/v2/players/info', second);
    expect(info.statusCode).toBe(200);
    expectContract('getPlayerInfo', 200, info.json());
    expect(info.json().credential.sessionId).not.toBe(firstInfo.credential.sessionId);
    expect(info.json().credential.sessionId).not.toContain(second.slice(4));
    expect(info.json().credential.previousLoginAt).toBe(firstInfo.credential.loginAt);
    expect(info.json().bankAccounts).toEqual([]);
  });

  test('logging in with a session cookie replaces that session', async () => {
    const { username, cookie } = await registerAndLogin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: jsonHeaders(cookie),
      payload: { username, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/v2/players/info', cookie)).statusCode).toBe(401);
  });

  test('a blocked player is told so only after a correct password, and loses every session', async () => {
    const { username, playerId, cookie } = await registerAndLogin(t.app);
    await setPlayerStatus(t.ctx.db, playerId, 'BLOCKED');
    expect((await get('/api/v2/players/profile', cookie)).statusCode).toBe(401);
    const wrong = await login(username, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('LOGIN_FAILED');
    const right = await login(username, TEST_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('PLAYER_BLOCKED');
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  test('a blocked status alone (sessions left in place) stops the sessions working', async () => {
    const { playerId, cookie } = await registerAndLogin(t.app);
    await t.ctx.db.query(`UPDATE players SET status = 'BLOCKED' WHERE id = $1`, [playerId]);
    const res = await get('/api/v2/players/info', cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('sessions', () => {
  test('signed-out calls answer 401 UNAUTHORIZED', async () => {
    for (const url of [
      '/api/v2/players/info',
      '/api/v2/players/profile',
      '/api/v2/players/session',
      '/api/v2/players/backlist',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    const forged = await get('/api/v2/players/info', 'sid=forged-token-value');
    expect(forged.statusCode).toBe(401);
  });

  test('the session read answers what info, profile and credits answer, in one request', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const session = await get('/api/v2/players/session', cookie);
    expect(session.statusCode).toBe(200);
    expectContract('getPlayerSession', 200, session.json());
    expect(session.json()).toEqual({
      info: (await get('/api/v2/players/info', cookie)).json(),
      profile: (await get('/api/v2/players/profile', cookie)).json(),
      credits: (await get('/api/v2/players/credits', cookie)).json(),
    });
  });

  test('profile and promotion blocking', async () => {
    const { cookie, playerId } = await registerAndLogin(t.app);
    const profile = await get('/api/v2/players/profile', cookie);
    expect(profile.statusCode).toBe(200);
    expectContract('getPlayerProfile', 200, profile.json());
    let blocking = await get('/api/v2/players/backlist', cookie);
    expectContract('getPromotionBlocking', 200, blocking.json());
    expect(blocking.json()).toEqual({ blocked: false });
    await t.ctx.db.query('UPDATE players SET promotion_blocked = true WHERE id = $1', [playerId]);
    blocking = await get('/api/v2/players/backlist', cookie);
    expect(blocking.json()).toEqual({ blocked: true });
  });

  test('a session reused after logout is refused', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const out = await post('/api/v2/players/logout', undefined, cookie);
    expect(out.statusCode).toBe(200);
    expectContract('logoutPlayer', 200, out.json());
    expect(String(out.headers['set-cookie'])).toMatch(/^sid=;/);
    const again = await get('/api/v2/players/info', cookie);
    expect(again.statusCode).toBe(401);
  });

  test('logout without a session (and without a body) is fine', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/logout',
      headers: { origin: 'http://localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  test('the idle timeout ends a session', async () => {
    const { cookie, playerId } = await registerAndLogin(t.app);
    await lastSeenAgo(playerId, '31 minutes');
    expect((await get('/api/v2/players/info', cookie)).statusCode).toBe(401);
  });

  test('the absolute timeout ends a session even while in use', async () => {
    const { cookie, playerId } = await registerAndLogin(t.app);
    expect((await get('/api/v2/players/info', cookie)).statusCode).toBe(200);
    await t.ctx.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE player_id = $1`,
      [playerId],
    );
    expect((await get('/api/v2/players/info', cookie)).statusCode).toBe(401);
  });

  /** Moves a player's sessions' last use back in time. */
  const lastSeenAgo = (playerId: string, interval: string) =>
    t.ctx.db.query(`UPDATE sessions SET last_seen_at = now() - $2::interval WHERE player_id = $1`, [
      playerId,
      interval,
    ]);
  /** How long ago the player's session was last marked as used. */
  const secondsSinceSeen = async (playerId: string) => {
    const row = await t.ctx.db.query<{ idle: number }>(
      `SELECT extract(epoch FROM now() - last_seen_at)::float8 AS idle FROM sessions WHERE player_id = $1`,
      [playerId],
    );
    return row.rows[0]!.idle;
  };

  test('using a session extends its idle window', async () => {
    const { cookie, playerId } = await registerAndLogin(t.app);
    await lastSeenAgo(playerId, '29 minutes');
    expect((await get('/api/v2/players/info', cookie)).statusCode).toBe(200);
    expect(await secondsSinceSeen(playerId)).toBeLessThan(60);
  });

  test('a session used again within a minute is not rewritten on every request', async () => {
    const { cookie, playerId } = await registerAndLogin(t.app);
    await lastSeenAgo(playerId, '30 seconds');
    expect((await get('/api/v2/players/info', cookie)).statusCode).toBe(200);
    expect(await secondsSinceSeen(playerId)).toBeGreaterThanOrEqual(29);
  });
});

describe('password change', () => {
  const change = (
    cookie: string,
    currentPassword: string,
    newPassword: string,
    confirmNewPassword = newPassword,
  ) =>
    post(
      '/api/v2/players/security/password/change',
      { currentPassword, newPassword, confirmNewPassword },
      cookie,
    );

  test('register → login → info → change password → old sessions dead → login with the new password', async () => {
    const { username, cookie } = await registerAndLogin(t.app);
    const other = cookieFrom((await login(username, TEST_PASSWORD)).headers['set-cookie']);
    expect((await get('/api/v2/players/info', cookie)).statusCode).toBe(200);
    expect((await get('/api/v2/players/info', other)).statusCode).toBe(200);

    const newPassword = 'purple monkey dishwasher';
    const res = await change(cookie, TEST_PASSWORD, newPassword);
    expect(res.statusCode).toBe(200);
    expectContract('changePassword', 200, res.json());

    expect((await get('/api/v2/players/info', cookie)).statusCode).toBe(401);
    expect((await get('/api/v2/players/info', other)).statusCode).toBe(401);
    expect((await login(username, TEST_PASSWORD)).statusCode).toBe(401);
    const fresh = await login(username, newPassword);
    expect(fresh.statusCode).toBe(200);
    expect((await get('/api/v2/players/info', cookieFrom(fresh.headers['set-cookie']))).statusCode).toBe(200);
  });

  test('a wrong current password answers 400 PASSWORD_INCORRECT and changes nothing', async () => {
    const { username, cookie } = await registerAndLogin(t.app);
    const res = await change(cookie, 'wrong current pw', 'a brand new password');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORD_INCORRECT');
    expectContract('changePassword', 400, res.json());
    expect((await get('/api/v2/players/info', cookie)).statusCode).toBe(200);
    expect((await login(username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  test('mismatch, common password and no session are refused', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const mismatch = await change(cookie, TEST_PASSWORD, 'new password one', 'new password two');
    expect(mismatch.json().code).toBe('PASSWORD_MISMATCH');
    const common = await change(cookie, TEST_PASSWORD, '12345678');
    expect(common.statusCode).toBe(400);
    expect(common.json().details).toEqual([{ field: 'newPassword', message: expect.any(String) }]);
    const anonymous = await post('/api/v2/players/security/password/change', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'whatever new pw',
      confirmNewPassword: 'whatever new pw',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('over HTTPS', () => {
  test('the cookie is __Host-sid, Secure, and HSTS is sent', async () => {
    const https = await createTestApp({ env: { HTTPS: 'true' } });
    try {
      const username = uniqueUsername();
      // Behind the TLS proxy the browser addresses https://localhost (default port 443).
      const headers = { host: 'localhost', 'content-type': 'application/json', origin: 'https://localhost' };
      await https.app.inject({
        method: 'POST',
        url: '/api/v2/players/register',
        headers,
        payload: { username, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, fingerprint: 'fp' },
      });
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/v2/players/login',
        headers,
        payload: { username, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-sid=/);
      expect(setCookie).toMatch(/Secure/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Domain=/);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const info = await https.app.inject({
        method: 'GET',
        url: '/api/v2/players/info',
        headers: { cookie: cookieFrom(res.headers['set-cookie']) },
      });
      expect(info.statusCode).toBe(200);
    } finally {
      await https.close();
    }
  });
});
