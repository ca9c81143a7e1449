import { THROTTLE } from '../src/domain/players/throttle';
import { TEST_PASSWORD, createTestApp, jsonHeaders, registerAndLogin, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/players/login',
    headers: jsonHeaders(),
    payload: { username, password },
    remoteAddress,
  });

test('repeated failures get 429 with retryAfter, yet the player still gets in from another address', async () => {
  const { username } = await registerAndLogin(t.app);
  const attacker = '203.0.113.7';
  for (let i = 0; i < THROTTLE.freeFailures; i++) {
    expect((await login(username, 'wrong password!', attacker)).statusCode).toBe(401);
  }
  const throttled = await login(username, 'wrong password!', attacker);
  expect(throttled.statusCode).toBe(429);
  expect(throttled.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', details: [{ field: 'retryAfter' }] });
  expect(Number(throttled.json().details[0].message)).toBeGreaterThan(0);
  expect(throttled.headers['retry-after']).toBe(throttled.json().details[0].message);
  // Even the right password waits at the throttled address…
  expect((await login(username, TEST_PASSWORD, attacker)).statusCode).toBe(429);
  // …but the player's own device is not locked out.
  expect((await login(username, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
});

test('the delay grows with each failure and ends: no permanent lockout', async () => {
  const { username } = await registerAndLogin(t.app);
  const ip = '203.0.113.8';
  for (let i = 0; i < THROTTLE.freeFailures; i++) await login(username, 'wrong password!', ip);
  const first = Number((await login(username, 'x'.repeat(8), ip)).json().details[0].message);
  // Pretend the delay has passed, then fail once more: the next delay is longer.
  await t.ctx.db.query(
    `UPDATE login_attempts SET created_at = created_at - interval '1 minute' WHERE username = $1`,
    [username],
  );
  expect((await login(username, 'wrong password!', ip)).statusCode).toBe(401);
  const second = Number((await login(username, 'x'.repeat(8), ip)).json().details[0].message);
  expect(second).toBeGreaterThan(first);
  // Once the window has passed, the address may try again and the right password works.
  await t.ctx.db.query(
    `UPDATE login_attempts SET created_at = created_at - interval '16 minutes' WHERE username = $1`,
    [username],
  );
  expect((await login(username, TEST_PASSWORD, ip)).statusCode).toBe(200);
});

test('parallel guesses cannot slip past the limit together', async () => {
  const { username } = await registerAndLogin(t.app);
  const results = await Promise.all(
    Array.from({ length: 12 }, () => login(username, 'wrong password!', '203.0.113.11')),
  );
  const codes = results.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 401)).toHaveLength(THROTTLE.freeFailures);
  expect(codes.filter((c) => c === 429)).toHaveLength(12 - THROTTLE.freeFailures);
});

test('one address spraying many usernames hits the per-address limit', async () => {
  const ip = '203.0.113.9';
  for (let i = 0; i < THROTTLE.ipFailureLimit; i++) {
    await t.ctx.db.query('INSERT INTO login_attempts (username, ip, succeeded) VALUES ($1, $2, false)', [
      `spray${i}`,
      ip,
    ]);
  }
  const res = await login('another-name', 'wrong password!', ip);
  expect(res.statusCode).toBe(429);
  // Other addresses are unaffected.
  expect((await login('another-name', 'wrong password!', '203.0.113.10')).statusCode).toBe(401);
});

test('every attempt is recorded, never the password', async () => {
  const { username } = await registerAndLogin(t.app);
  expect((await login(username, TEST_PASSWORD, '192.0.2.1')).statusCode).toBe(200);
  await login(username, 'secret-wrong-pw', '192.0.2.1');
  const rows = await t.ctx.db.query<Record<string, unknown>>(
    'SELECT * FROM login_attempts WHERE username = $1',
    [username],
  );
  expect(rows.rows.map((r) => r.succeeded).sort()).toEqual([false, true]);
  expect(JSON.stringify(rows.rows)).not.toContain('secret-wrong-pw');
});

test('one address registering past its hourly limit gets 429 with retryAfter; another address still registers', async () => {
  const limited = await createTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: '2' } });
  try {
    const register = (username: string, remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v2/players/register',
        headers: jsonHeaders(),
        payload: { username, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, fingerprint: 'fp' },
        remoteAddress,
      });
    const stamp = Date.now().toString(36);
    expect((await register(`reg1${stamp}`, '198.51.100.9')).statusCode).toBe(201);
    expect((await register(`reg2${stamp}`, '198.51.100.9')).statusCode).toBe(201);
    const refused = await register(`reg3${stamp}`, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', details: [{ field: 'retryAfter' }] });
    expect(Number(refused.json().details[0].message)).toBeGreaterThan(0);
    expect((await register(`reg4${stamp}`, '198.51.100.10')).statusCode).toBe(201);
  } finally {
    await limited.close();
  }
});

describe('no lockout behind a shared address (carrier NAT)', () => {
  const loginWith = (username: string, password: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: jsonHeaders(cookie),
      payload: { username, password },
      remoteAddress,
    });

  async function sprayFailures(ip: string, count: number) {
    for (let i = 0; i < count; i++) {
      await t.ctx.db.query('INSERT INTO login_attempts (username, ip, succeeded) VALUES ($1, $2, false)', [
        `guess${i}`,
        ip,
      ]);
    }
  }

  test('a player who logged in from this browser before still gets in after the address ceiling', async () => {
    const ip = '198.51.100.20';
    const { username } = await registerAndLogin(t.app);
    const first = await loginWith(username, TEST_PASSWORD, ip);
    expect(first.statusCode).toBe(200);
    const device = [first.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0]!)
      .find((c) => c.startsWith('did='));
    expect(device).toBeDefined();

    await sprayFailures(ip, THROTTLE.ipFailureLimit + 10);
    // Before: every login from the address got 429 for 15 minutes, the right password included.
    expect((await loginWith(username, TEST_PASSWORD, ip, device)).statusCode).toBe(200);
    // Another browser at the same address, without the device cookie, is anonymous: it waits.
    expect((await loginWith(username, TEST_PASSWORD, ip)).statusCode).toBe(429);
    // The device cookie belongs to its player: it does not exempt guesses at other usernames.
    expect((await loginWith('someone-else', 'wrong password!', ip, device)).statusCode).toBe(429);
  });

  test('anonymous guessing meets a delay that grows with each failure, capped, never a flat lockout', async () => {
    const ip = '198.51.100.21';
    const retryAfter = async () => {
      const res = await loginWith('nobody-here', 'wrong password!', ip);
      expect(res.statusCode).toBe(429);
      return Number(res.json().details[0].message);
    };
    await sprayFailures(ip, THROTTLE.ipFailureLimit);
    const early = await retryAfter();
    expect(early).toBeLessThanOrEqual(THROTTLE.baseDelaySeconds);
    await sprayFailures(ip, 4);
    const later = await retryAfter();
    expect(later).toBeGreaterThan(early);
    expect(later).toBeLessThanOrEqual(THROTTLE.baseDelaySeconds * 2 ** 4);
    await sprayFailures(ip, 20);
    expect(await retryAfter()).toBeLessThanOrEqual(THROTTLE.maxDelaySeconds);
  });
});

describe('anonymous calls limited per address', () => {
  test('fingerprint posts and username checks get 429 past their limit; other addresses do not', async () => {
    const limited = await createTestApp({
      env: { FINGERPRINTS_PER_IP_PER_HOUR: '2', USERNAME_CHECKS_PER_IP_PER_MINUTE: '2' },
    });
    try {
      const fingerprint = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v2/fingerprint',
          headers: jsonHeaders(),
          payload: { fingerprint: { fingerprint: 'abc123' } },
          remoteAddress,
        });
      const check = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v2/players/username/validate',
          headers: jsonHeaders(),
          payload: { username: 'somebody' },
          remoteAddress,
        });
      for (const call of [fingerprint, check]) {
        expect((await call('192.0.2.50')).statusCode).toBe(200);
        expect((await call('192.0.2.50')).statusCode).toBe(200);
        const refused = await call('192.0.2.50');
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect((await call('192.0.2.51')).statusCode).toBe(200);
      }
      const rows = await limited.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM fingerprints WHERE ip = '192.0.2.50'`,
      );
      expect(rows.rows[0]!.n).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
