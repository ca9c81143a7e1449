import { satangToThb } from '@core/money';
import { ProviderClient, ProviderLink, type InjectFn } from '../src/adapters/providerClient';
import type { ProviderWallet } from '../src/adapters/types';
import { issueLaunchToken } from '../src/domain/games/launchTokens';
import { SHOWN_WALLET_MAX_AGE_MS } from '../src/domain/games/providerWallets';
import { playTestRound } from '../src/sandbox/provider/wallets';
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { addAccount, call, credit, depositAndPay, idemKey } from './moneyFixtures';

/**
 * The reads players make most, kept to one statement, and the credit they are shown: the provider's wallet
 * answer may be shared for SHOWN_WALLET_MAX_AGE_MS, but never hides a transfer of ours.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A player with 153.84 THB at alphabet. */
async function funded() {
  const p = await registerAndLogin(t.app);
  await addAccount(t.app, p.cookie);
  await depositAndPay(t.app, p.cookie);
  return p;
}

describe('players/info', () => {
  it('answers the bank accounts read with the session, as the bank account list answers them (players/session too)', async () => {
    const { cookie, username } = await registerAndLogin(t.app);
    const none = await call(t.app, 'getPlayerInfo', 'GET', '/api/v2/players/info', { cookie });
    expect(none.body.bankAccounts).toEqual([]);
    await addAccount(t.app, cookie);
    const list = await call(t.app, 'listBankAccounts', 'GET', '/api/v2/players/bank-accounts', { cookie });
    const info = await call(t.app, 'getPlayerInfo', 'GET', '/api/v2/players/info', { cookie });
    expect(info.status).toBe(200);
    expect(info.body.bankAccounts).toEqual(list.body.bankAccounts);
    expect(info.body.bankAccounts[0]).toMatchObject({ owner: username, currency: 'LAK' });
    expect(info.body.player).toMatchObject({ username, status: 'ACTIVE' });
    const session = await call(t.app, 'getPlayerSession', 'GET', '/api/v2/players/session', { cookie });
    expect(session.body.info).toEqual(info.body);
  });

  it('answers the bank account list in the session lookup itself: one statement in all', async () => {
    const { cookie, username } = await registerAndLogin(t.app);
    await addAccount(t.app, cookie);
    const queries = jest.spyOn(t.ctx.db, 'query');
    const list = await call(t.app, 'listBankAccounts', 'GET', '/api/v2/players/bank-accounts', { cookie });
    expect(queries).toHaveBeenCalledTimes(1);
    expect(list.status).toBe(200);
    expect(list.body.bankAccounts).toEqual([
      expect.objectContaining({ owner: username, bank: 'bcel', currency: 'LAK' }),
    ]);
  });
});

describe('the credit shown', () => {
  it('is the new one at once after a transfer of ours, however recently it was read', async () => {
    const p = await registerAndLogin(t.app);
    await addAccount(t.app, p.cookie);
    expect(await credit(t.app, p.cookie, 'alphabet')).toBe('0.00');
    await depositAndPay(t.app, p.cookie);
    expect(await credit(t.app, p.cookie, 'alphabet')).toBe('153.84');
    expect(await credit(t.app, p.cookie, 'gclub')).toBe('0.00');

    const moved = await call(t.app, 'moveCredit', 'POST', '/api/v2/players/credits/move', {
      cookie: p.cookie,
      headers: { 'idempotency-key': idemKey() },
      payload: { from: 'alphabet', to: 'gclub', credit: 5_000 },
    });
    expect(moved.status).toBe(200);
    expect(await credit(t.app, p.cookie, 'alphabet')).toBe('103.84');
    expect(await credit(t.app, p.cookie, 'gclub')).toBe('50.00');
    const all = await call(t.app, 'getPlayerCredits', 'GET', '/api/v2/players/credits', { cookie: p.cookie });
    expect(all.body.total).toEqual({ amount: '153.84', currency: 'THB' });
  });

  it("shows a round played in this server's studio at once", async () => {
    const p = await funded();
    expect(await credit(t.app, p.cookie, 'alphabet')).toBe('153.84');
    const game = await t.ctx.db.query<{ id: string }>(
      `SELECT id FROM games WHERE provider = 'alphabet' AND category = 'slot' ORDER BY sort, id LIMIT 1`,
    );
    const { token } = await issueLaunchToken(t.ctx.db, {
      playerId: p.playerId,
      provider: 'alphabet',
      gameId: game.rows[0]!.id,
    });
    const opened = await call(t.app, 'openStudioSession', 'POST', '/api/v2/sandbox/studio/sessions', {
      payload: { provider: 'alphabet', gameId: game.rows[0]!.id, token },
    });
    expect(opened.status).toBe(200);
    const round = await call(t.app, 'playStudioRound', 'POST', '/api/v2/sandbox/studio/rounds', {
      payload: { session: opened.body.session, bet: 100 },
    });
    expect(round.status).toBe(200);
    expect(await credit(t.app, p.cookie, 'alphabet')).toBe(satangToThb(round.body.balanceAfter));
  });

  it('shows a round played at a remote provider within SHOWN_WALLET_MAX_AGE_MS', async () => {
    const p = await funded();
    expect(await credit(t.app, p.cookie, 'alphabet')).toBe('153.84');
    // Played at the provider, which tells nobody: only its next wallet answer says so.
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 1_000, win: 3_000 });
    await sleep(SHOWN_WALLET_MAX_AGE_MS + 50);
    expect(await credit(t.app, p.cookie, 'alphabet')).toBe('173.84');
  });

  it('never decides on a shared answer: moving credit asks the provider', async () => {
    const p = await funded();
    expect(await credit(t.app, p.cookie, 'alphabet')).toBe('153.84');
    // A round opened at the provider since that read: the shared answer does not know it.
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 1_000, open: true });
    const moved = await call(t.app, 'moveCredit', 'POST', '/api/v2/players/credits/move', {
      cookie: p.cookie,
      headers: { 'idempotency-key': idemKey() },
      payload: { from: 'alphabet', to: 'gclub', credit: 1_000 },
    });
    expect(moved).toMatchObject({ status: 409, body: { code: 'GAME_ROUND_OPEN' } });
  });

  it('reads of one wallet close together share the provider call', async () => {
    const p = await funded();
    const calls = jest.spyOn(t.ctx.adapters.providerLink, 'call');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, 'getPlayerCredit', 'GET', '/api/v2/players/credits/alphabet', { cookie: p.cookie }),
      ),
    );
    expect(answers.map((a) => a.body.credit.amount)).toEqual(Array(8).fill('153.84'));
    const walletCalls = calls.mock.calls.filter(([req]) => req.subPath.includes('/wallets/'));
    // One, or two when the machine is slow enough for a renewal to start (past half the bound).
    expect(walletCalls.length).toBeGreaterThanOrEqual(1);
    expect(walletCalls.length).toBeLessThanOrEqual(2);
  });
});

describe('ProviderClient.wallet with maxAgeMs', () => {
  const WALLET: ProviderWallet = {
    balance: 0,
    transfersIn: 0,
    transfersOut: 0,
    roundResults: 0,
    betsTotal: 0,
    openRound: false,
  };

  /** A client over a fake provider that counts wallet calls; each answer's balance is its call's number. */
  function fakeProvider() {
    const state = { walletCalls: 0, failNext: false, now: 1_000_000 };
    jest.spyOn(Date, 'now').mockImplementation(() => state.now);
    const inject: InjectFn = async (req) => {
      if (req.method === 'POST')
        return {
          statusCode: 200,
          body: JSON.stringify({ reference: 'r-1', status: 'APPLIED', balanceAfter: 0 }),
        };
      state.walletCalls += 1;
      if (state.failNext) {
        state.failNext = false;
        return { statusCode: 503, body: '{"code":"PROVIDER_UNAVAILABLE"}' };
      }
      return { statusCode: 200, body: JSON.stringify({ ...WALLET, balance: state.walletCalls }) };
    };
    const link = new ProviderLink({
      providerBaseUrl: '',
      port: 0,
      providerSecret: 'test-secret',
      providerTimeoutMs: 1_000,
    });
    link.useInject(inject);
    return { client: new ProviderClient('alphabet', link), state };
  }

  it('shares a call started at most maxAgeMs ago, and renews it past half that age', async () => {
    const { client, state } = fakeProvider();
    const read = () => client.wallet('p1', { maxAgeMs: 1_000 });
    const first = await Promise.all([read(), read(), read()]);
    expect(first.map((w) => w.balance)).toEqual([1, 1, 1]);
    expect(state.walletCalls).toBe(1);

    state.now += 400;
    expect((await read()).balance).toBe(1);
    expect(state.walletCalls).toBe(1);

    // Past half the age: still the shared answer, and a newer call on its way in the background.
    state.now += 200;
    expect((await read()).balance).toBe(1);
    expect(state.walletCalls).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await read()).balance).toBe(2);

    // Older than maxAgeMs: asked again, and the reader waits for the answer.
    state.now += 1_001;
    expect((await read()).balance).toBe(3);
    expect(state.walletCalls).toBe(3);
    // Another player's wallet is a call of its own.
    expect((await client.wallet('p2', { maxAgeMs: 1_000 })).balance).toBe(4);
  });

  it('asks again after a transfer of the player, for every read without maxAgeMs, and after a failure', async () => {
    const { client, state } = fakeProvider();
    const read = () => client.wallet('p1', { maxAgeMs: 1_000 });
    expect((await read()).balance).toBe(1);
    await client.transfer({ reference: 'r-1', playerId: 'p1', direction: 'IN', amount: 100 });
    expect((await read()).balance).toBe(2);

    expect((await client.wallet('p1')).balance).toBe(3);
    // The fresh answer is the one shared next.
    expect((await read()).balance).toBe(3);

    client.forget('p1');
    state.failNext = true;
    await expect(read()).rejects.toThrow(/HTTP 503/);
    expect((await read()).balance).toBe(5);
    expect(state.walletCalls).toBe(5);
  });
});
