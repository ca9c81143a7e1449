import { THROTTLE } from '../src/domain/throttle';
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
