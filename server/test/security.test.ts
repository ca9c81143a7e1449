import { createHash } from 'node:crypto';
import { LANGUAGE_BOOT_SCRIPT } from '@core/prerender';
import {
  TEST_ORIGIN,
  TEST_PASSWORD,
  createTestApp,
  expectContract,
  jsonHeaders,
  uniqueUsername,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ALLOWED_ORIGINS: 'https://partner.example' } });
});
afterAll(() => t.close());

const validateBody = JSON.stringify({ username: 'somebody' });
const VALIDATE = '/api/v2/players/username/validate';

describe('security headers', () => {
  test("the only inline script allowed is the pre-rendered pages' language check, by its hash", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/agency/info' });
    const scripts = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!;
    const hash = createHash('sha256').update(LANGUAGE_BOOT_SCRIPT).digest('base64');
    expect(scripts.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  test('every response carries CSP, nosniff, referrer policy, frame denial and a request id', async () => {
    for (const url of ['/api/v2/agency/info', '/api/nope', '/api/docs']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-request-id']).toMatch(/^[\w.:-]+$/);
      // HSTS only over HTTPS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  test('a well-formed incoming x-request-id is kept, a hostile one replaced', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/v2/agency/info',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/v2/agency/info',
      headers: { 'x-request-id': '<script>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('<script>');
  });
});

describe('cross-site request forgery defences', () => {
  test('a cross-origin POST is refused 403 FORBIDDEN_ORIGIN', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: validateBody,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN_ORIGIN');
    expectContract('validateUsername', 403, res.json());
  });

  test('a POST without Origin, Fetch Metadata or Referer is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: { 'content-type': 'application/json' },
      payload: validateBody,
    });
    expect(res.statusCode).toBe(403);
  });

  test('same-origin proof without Origin: Sec-Fetch-Site or a same-origin Referer', async () => {
    const bySite = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: validateBody,
    });
    expect(bySite.statusCode).toBe(200);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      payload: validateBody,
    });
    expect(crossSite.statusCode).toBe(403);
    const byReferer = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: { 'content-type': 'application/json', referer: `${TEST_ORIGIN}/register` },
      payload: validateBody,
    });
    expect(byReferer.statusCode).toBe(200);
    const badReferer = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: { 'content-type': 'application/json', referer: 'https://evil.example/register' },
      payload: validateBody,
    });
    expect(badReferer.statusCode).toBe(403);
  });

  test('a configured ALLOWED_ORIGINS entry may post', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: { 'content-type': 'application/json', origin: 'https://partner.example' },
      payload: validateBody,
    });
    expect(res.statusCode).toBe(200);
  });

  test.each([
    ['application/x-www-form-urlencoded', 'username=somebody'],
    ['text/plain', validateBody],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nsomebody\r\n--x--',
    ],
  ])('%s POSTs are refused 415 even from our own origin', async (contentType, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: { 'content-type': contentType, origin: TEST_ORIGIN },
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expectContract('validateUsername', 415, res.json());
  });

  test('a body without any Content-Type is refused 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: { origin: TEST_ORIGIN },
      payload: validateBody,
    });
    expect(res.statusCode).toBe(415);
  });

  test('application/json with a charset is fine', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: { 'content-type': 'application/json; charset=utf-8', origin: TEST_ORIGIN },
      payload: validateBody,
    });
    expect(res.statusCode).toBe(200);
  });

  test('the bank callback needs no Origin (its handler checks the HMAC instead)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/payments/callback',
      headers: { 'content-type': 'application/json', 'x-signature': '0'.repeat(64) },
      payload: {
        billNumber: 'D0000000000000',
        reference: 'R1',
        amount: 1,
        currency: 'LAK',
        status: 'SUCCESS',
        paidAt: new Date().toISOString(),
      },
    });
    expect(res.statusCode).not.toBe(403);
    expect(res.json().code).not.toBe('FORBIDDEN_ORIGIN');
  });
});

describe('request bodies', () => {
  test('a body over 64 KiB is refused 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/fingerprint',
      headers: jsonHeaders(),
      payload: JSON.stringify({ fingerprint: { fingerprint: 'x', fonts: 'a'.repeat(70 * 1024) } }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    expectContract('saveFingerprint', 413, res.json());
  });

  test('a NUL character in any text is 400 VALIDATION_ERROR, not a database failure', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/register',
      headers: jsonHeaders(),
      payload:
        '{"username":"nulname","password":"abc\\u0000defgh12","confirmPassword":"abc\\u0000defgh12","fingerprint":"x"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expectContract('registerPlayer', 400, res.json());
  });

  test('malformed JSON is 400 VALIDATION_ERROR', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: jsonHeaders(),
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expectContract('validateUsername', 400, res.json());
  });

  test('a __proto__ key is refused, not merged', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: VALIDATE,
      headers: jsonHeaders(),
      payload: '{"username":"somebody","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  test('an unknown field is 400 with details naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: jsonHeaders(),
      payload: { username: 'somebody', password: TEST_PASSWORD, isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'isAdmin', message: 'is not an allowed field' }],
    });
    expectContract('loginPlayer', 400, res.json());
  });

  test('wrong types are not coerced and missing fields are named', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: jsonHeaders(),
      payload: { username: 12345678, password: TEST_PASSWORD },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details).toEqual([{ field: 'username', message: 'must be string' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/register',
      headers: jsonHeaders(),
      payload: { username: uniqueUsername() },
    });
    expect(missing.statusCode).toBe(400);
    const fields = missing
      .json()
      .details.map((d: { field: string }) => d.field)
      .sort();
    expect(fields).toEqual(['confirmPassword', 'fingerprint', 'password']);
  });

  test('a nested unknown field is named by its path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/fingerprint',
      headers: jsonHeaders(),
      payload: { fingerprint: { fingerprint: 'v1', webGL: { vendor: 'x', shader: 'y' } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'fingerprint.webGL.shader', message: 'is not an allowed field' },
    ]);
  });
});

describe('errors', () => {
  test('an unknown /api path is 404 NOT_FOUND in the error shape', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/v2/nothing-here',
        headers: jsonHeaders(),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  test('invalid query and path parameters are 400 VALIDATION_ERROR', async () => {
    const badPath = await t.app.inject({ method: 'GET', url: '/api/v2/players/credits/not-a-provider' });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().code).toBe('VALIDATION_ERROR');
    expect(badPath.json().details[0].field).toBe('game');
    const badQuery = await t.app.inject({ method: 'GET', url: '/api/v2/deposits?page=abc' });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().details[0].field).toBe('page');
  });
});

describe('CORS', () => {
  test('only configured origins get CORS headers and a preflight answer', async () => {
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/v2/agency/info',
      headers: { origin: 'https://partner.example' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v2/agency/info',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/players/login',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('Content-Type');
    const refused = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/players/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('path tricks', () => {
  test.each([
    '/%61pi/v2/players/username/validate',
    '/api/v2/players/username/validate/',
    '/api//v2/players/username/validate',
  ])('the CSRF check cannot be dodged through %s', async (url) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: validateBody,
    });
    expect([403, 404]).toContain(res.statusCode);
  });
});
