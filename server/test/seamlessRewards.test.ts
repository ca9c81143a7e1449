import { PROVIDERS } from '@core/providers';
import { periodOf, vientianeDayStart } from '@core/rewardPeriods';
import { updateCashbackSettings } from '../src/domain/rewards/rewardSettings';
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { addAccount, call, createWithdraw, credit, depositAndPay, idemKey } from './moneyFixtures';
import { WalletProviderClient } from './walletProvider';

// Promotions and rewards where the games draw on the site's own ledger (docs/games.md, docs/rewards.md):
// turnover counts each bet as it is debited, results count on the day their round was played, and the
// Rewards page asks no provider.

let t: TestApp;
let alphabet: WalletProviderClient;
const GAME = 'alp-slot-001';

beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true', TRANSFER_WALLET_PROVIDERS: '' } });
  alphabet = new WalletProviderClient(t.app, 'alphabet', t.ctx.config.walletSecrets.alphabet!, () =>
    t.ctx.clock.now(),
  );
});
afterAll(async () => {
  await t?.clock.reset();
  await t?.close();
});

let serial = 0;
const id = (prefix: string) => `${prefix}-${process.pid}-${++serial}`;

async function playerInGame(opts: { claim?: string } = {}) {
  const p = await registerAndLogin(t.app);
  const account = await addAccount(t.app, p.cookie);
  if (opts.claim)
    await call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
      cookie: p.cookie,
      payload: { promotionId: opts.claim, providerId: 'alphabet' },
    });
  await depositAndPay(t.app, p.cookie);
  const launched = await call(t.app, 'launchGame', 'POST', '/api/v2/games/launch', {
    cookie: p.cookie,
    payload: { provider: 'alphabet', gameId: GAME },
  });
  const token = new URL(launched.body.url, 'http://site').searchParams.get('token')!;
  const opened = await alphabet.send('session', { token, gameId: GAME });
  return { ...p, account, player: opened.body.player as string };
}

/** The stake that opens a round (settle ends it). */
async function round(player: string, stake: number) {
  const roundId = id('round');
  const bet = await alphabet.send('bet', {
    transactionId: id('bet'),
    roundId,
    gameId: GAME,
    player,
    amount: stake,
    currency: 'THB',
  });
  expect(bet.status).toBe(200);
  return { roundId, bet };
}

async function settle(player: string, roundId: string, win: number) {
  const paid = await alphabet.send('win', {
    transactionId: id('win'),
    roundId,
    gameId: GAME,
    player,
    amount: win,
    currency: 'THB',
    endRound: true,
  });
  expect(paid.status).toBe(200);
}

test('a promotion’s turnover counts each seamless bet as it is debited, and its bound credit holds', async () => {
  const p = await playerInGame({ claim: 'welcome-100' });
  expect(await credit(t.app, p.cookie)).toBe('184.60');
  const base = { provider: 'alphabet', bankAccountId: p.account.id };
  expect(await createWithdraw(t.app, p.cookie, { ...base, credit: 18_460 })).toMatchObject({
    status: 409,
  });
  // The bound credit does not leave for another provider either.
  const move = await call(t.app, 'moveCredit', 'POST', '/api/v2/players/credits/move', {
    cookie: p.cookie,
    headers: { 'idempotency-key': idemKey() },
    payload: { from: 'alphabet', to: 'askmebet', credit: 1_000 },
  });
  expect(move.body.code).toBe('PROMOTION_BINDS_CREDIT');

  // Three rounds staking the whole credit, each paying it back, then one big win.
  for (let i = 0; i < 3; i += 1) {
    const { roundId } = await round(p.player, 18_460);
    await settle(p.player, roundId, 18_460);
  }
  const { roundId } = await round(p.player, 100);
  await settle(p.player, roundId, 100_100);
  const current = await call(t.app, 'getCurrentPromotion', 'GET', '/api/v2/players/promotions/using', {
    cookie: p.cookie,
  });
  expect(current.body.usage.turnoverDone).toBeGreaterThanOrEqual(current.body.usage.turnoverRequired);
  const wd = await createWithdraw(t.app, p.cookie, { ...base, credit: 118_460 });
  expect(wd.status).toBe(201);
});

test('a win retried into the next day counts on the day its round was played', async () => {
  await updateCashbackSettings(t.ctx.db, { enabled: true, period: 'WEEK' }, t.clock.now());
  // 23:50 in Vientiane: the stake is placed, the provider's win comes 20 minutes later, after midnight.
  const tomorrow = vientianeDayStart(
    new Date(t.clock.now().getTime() + 7 * 3_600_000 + 24 * 3_600_000).toISOString().slice(0, 10),
  );
  await t.clock.setTo(new Date(tomorrow.getTime() - 10 * 60_000));
  const p = await playerInGame();
  const { roundId } = await round(p.player, 12_000);
  await t.clock.advance(20 * 60_000);
  await settle(p.player, roundId, 2_000);

  const day = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
  const statement = async (on: string) =>
    (
      await call(t.app, 'getStatement', 'GET', `/api/v2/players/statement?from=${on}&to=${on}`, {
        cookie: p.cookie,
      })
    ).body;
  const played = await statement(day(new Date(tomorrow.getTime() - 60_000)));
  expect(played.providers).toContainEqual({ provider: 'alphabet', net: '-100.00' });
  const next = await statement(day(tomorrow));
  expect(next.providers).toContainEqual({ provider: 'alphabet', net: '0.00' });
  // The running week's cashback holds the round whole, stake and late win, when the round was played in
  // it; a round of the week before (played on a Sunday) is none of its business.
  const cashback = await call(t.app, 'getCashback', 'GET', '/api/v2/rewards/cashback', { cookie: p.cookie });
  const sameWeek =
    periodOf('WEEK', tomorrow).start.getTime() ===
    periodOf('WEEK', new Date(tomorrow.getTime() - 60_000)).start.getTime();
  expect(cashback.body.current.net).toBe(sameWeek ? -10_000 : 0);
  await t.clock.reset();
});

test('the Rewards page and the credits read the database only: no provider is asked', async () => {
  const p = await playerInGame();
  const { roundId } = await round(p.player, 1_000);
  await settle(p.player, roundId, 0);
  const asked = PROVIDERS.map((provider) => jest.spyOn(t.ctx.adapters.providers[provider], 'wallet'));
  try {
    for (const [operationId, url] of [
      ['getCashback', '/api/v2/rewards/cashback'],
      ['getCheckIn', '/api/v2/rewards/check-in'],
      ['getReferral', '/api/v2/rewards/referral'],
      ['getPlayerCredits', '/api/v2/players/credits'],
    ] as const) {
      const res = await call(t.app, operationId, 'GET', url, { cookie: p.cookie });
      expect([operationId, res.status]).toEqual([operationId, 200]);
    }
    for (const spy of asked) expect(spy).not.toHaveBeenCalled();
    expect(await credit(t.app, p.cookie)).toBe('143.84');
  } finally {
    for (const spy of asked) spy.mockRestore();
  }
});
