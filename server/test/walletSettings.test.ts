import {
  TEST_PASSWORD,
  cookieFrom,
  createTestApp,
  jsonHeaders,
  registerAndLogin,
  type TestApp,
} from './helpers';
import { call, fundedPlayer, idemKey } from './moneyFixtures';

/** One wallet (docs/games.md): "bring my credit along" kept per player, and credit brought to an empty provider. */

/** A seeded table game at gclub. */
const GCLUB_GAME = 'gc-casino-001';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(() => t.close());

function settingsOf(cookie: string) {
  return call(t.app, 'getWalletSettings', 'GET', '/api/v2/players/wallet-settings', { cookie });
}

function setBringAlong(cookie: string, payload: unknown) {
  return call(t.app, 'setWalletSettings', 'PUT', '/api/v2/players/wallet-settings', { cookie, payload });
}

/** A second session of a registered player. */
async function logIn(username: string): Promise<{ cookie: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/players/login',
    headers: jsonHeaders(),
    payload: { username, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return { cookie: cookieFrom(res.headers['set-cookie']) };
}

describe('bring my credit along', () => {
  it('is off for a new player; turned on, it stays on for that player alone, in every session, until turned off', async () => {
    const somchai = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    expect(await settingsOf(somchai.cookie)).toEqual({ status: 200, body: { bringCreditAlong: false } });

    expect(await setBringAlong(somchai.cookie, { bringCreditAlong: true })).toEqual({
      status: 200,
      body: { bringCreditAlong: true },
    });
    const again = await logIn(somchai.username);
    expect((await settingsOf(again.cookie)).body).toEqual({ bringCreditAlong: true });
    expect((await settingsOf(other.cookie)).body).toEqual({ bringCreditAlong: false });

    await setBringAlong(somchai.cookie, { bringCreditAlong: false });
    expect((await settingsOf(somchai.cookie)).body).toEqual({ bringCreditAlong: false });
  });

  it('needs a session, and a yes or a no', async () => {
    expect((await settingsOf('')).status).toBe(401);
    expect((await setBringAlong('', { bringCreditAlong: true })).status).toBe(401);
    const p = await registerAndLogin(t.app);
    const bad = await setBringAlong(p.cookie, { bringCreditAlong: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect((await settingsOf(p.cookie)).body).toEqual({ bringCreditAlong: false });
  });
});

describe('credit brought to an empty provider', () => {
  const launch = (cookie: string) =>
    call(t.app, 'launchGame', 'POST', '/api/v2/games/launch', {
      cookie,
      payload: { provider: 'gclub', gameId: GCLUB_GAME },
    });

  it('a launch refused for no credit opens once the credit of another provider is moved in, moved once whatever the retries', async () => {
    const p = await fundedPlayer(t.app);
    const refused = await launch(p.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CREDIT_EMPTY');

    // What the game view sends for "Bring 153.84 THB from Alphabet": a double tap reuses the key.
    const key = idemKey();
    const bring = () =>
      call(t.app, 'moveCredit', 'POST', '/api/v2/players/credits/move', {
        cookie: p.cookie,
        headers: { 'idempotency-key': key },
        payload: { from: 'alphabet', to: 'gclub', credit: 15_384 },
      });
    const first = await bring();
    expect(first.status).toBe(200);
    expect(await bring()).toEqual(first);
    expect(first.body.to).toEqual({ provider: 'gclub', credit: { amount: '153.84', currency: 'THB' } });

    const opened = await launch(p.cookie);
    expect(opened.status).toBe(200);
    const all = await call(t.app, 'getPlayerCredits', 'GET', '/api/v2/players/credits', { cookie: p.cookie });
    expect(all.body.total).toEqual({ amount: '153.84', currency: 'THB' });
    expect(all.body.credits[0]).toEqual({
      provider: 'alphabet',
      credit: { amount: '0.00', currency: 'THB' },
    });
  });
});
