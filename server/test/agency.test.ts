import { loadContract } from '../src/contract/load';
import { createTestApp, expectContract, jsonHeaders, registerAndLogin, type TestApp } from './helpers';

describe('with the seeded agency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEPOSIT_MIN_LAK: '50000', SANDBOX: 'false' } });
  });
  afterAll(() => t.close());

  test('agency info has social links, limits from config and the sandbox flag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/agency/info' });
    expect(res.statusCode).toBe(200);
    expectContract('getAgencyInfo', 200, res.json());
    const { agency } = res.json();
    expect(agency.id).toBe('agency-vientiane');
    expect(Object.keys(agency.social).sort()).toEqual([
      'facebook',
      'line',
      'telegram',
      'twitter',
      'whatsapp',
    ]);
    expect(agency.limits.deposit).toEqual({ min: 50000, max: 200000000, currency: 'LAK' });
    expect(agency.limits.withdraw).toEqual({ min: 10000, max: 10000000, currency: 'THB' });
    expect(agency.sandbox).toBe(false);
  });

  test('username and password limits are the numbers the contract enforces', async () => {
    const { agency } = (await t.app.inject({ method: 'GET', url: '/api/v2/agency/info' })).json();
    const register = loadContract().components.schemas.RegisterRequest as {
      properties: Record<string, { minLength: number; maxLength: number }>;
    };
    expect(agency.limits.username).toEqual({
      min: register.properties.username!.minLength,
      max: register.properties.username!.maxLength,
    });
    expect(agency.limits.password).toEqual({
      min: register.properties.password!.minLength,
      max: register.properties.password!.maxLength,
    });
  });

  test('saveFingerprint works signed out, and links the player when signed in', async () => {
    const fingerprint = {
      screen: '390x844',
      timezone: 'Asia/Vientiane',
      webGL: { vendor: 'WebKit' },
      audio: 124.04,
      fingerprint: 'visitor-anon',
      hardwareConcurrency: 8,
    };
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/v2/fingerprint',
      headers: jsonHeaders(),
      payload: { fingerprint },
    });
    expect(anon.statusCode).toBe(200);
    expectContract('saveFingerprint', 200, anon.json());

    const { cookie, playerId } = await registerAndLogin(t.app);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v2/fingerprint',
      headers: jsonHeaders(cookie),
      payload: { fingerprint: { ...fingerprint, fingerprint: 'visitor-signed-in' } },
    });
    expect(signedIn.statusCode).toBe(200);
    const rows = await t.ctx.db.query<{
      visitor_id: string;
      player_id: string | null;
      data: { screen: string };
    }>(
      `SELECT visitor_id, player_id, data FROM fingerprints WHERE visitor_id IN ('visitor-anon', 'visitor-signed-in') ORDER BY visitor_id`,
    );
    expect(rows.rows).toEqual([
      { visitor_id: 'visitor-anon', player_id: null, data: expect.objectContaining({ screen: '390x844' }) },
      {
        visitor_id: 'visitor-signed-in',
        player_id: playerId,
        data: expect.objectContaining({ audio: 124.04 }),
      },
    ]);
  });

  test('a fingerprint without its visitor id is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/fingerprint',
      headers: jsonHeaders(),
      payload: { fingerprint: { screen: '1x1' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'fingerprint.fingerprint', message: expect.any(String) }]);
  });
});

describe('without an agency (SEED_AGENCY=false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_AGENCY: 'false' } });
  });
  afterAll(() => t.close());

  test('agency info is 404 AGENCY_NOT_FOUND', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/agency/info' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('AGENCY_NOT_FOUND');
    expectContract('getAgencyInfo', 404, res.json());
  });
});
