import { checkInvariants } from '../src/domain/ledger/ledger';
import { approveWithdraw, rejectWithdraw } from '../src/domain/money/withdrawals';
import { createTestApp, registerAndLogin, type TestApp, testActor } from './helpers';
import {
  addAccount,
  call,
  createDeposit,
  createWithdraw,
  credit,
  depositAndPay,
  idemKey,
} from './moneyFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

describe('money end to end over HTTP', () => {
  it('deposits by LAO QR, credits the provider once, withdraws and is approved', async () => {
    const { cookie } = await registerAndLogin(t.app);
    expect(await credit(t.app, cookie)).toBe('0.00');
    const account = await addAccount(t.app, cookie);

    const created = await createDeposit(t.app, cookie);
    expect(created.status).toBe(201);
    expect(created.body.order).toMatchObject({
      kind: 'DEPOSIT',
      status: 'OPEN',
      amount: 100_000,
      credit: 15_384,
      currency: 'LAK',
    });
    expect(created.body.qr.code).toBe(created.body.order.code);
    const code = created.body.order.code as string;

    const notPaid = await call(t.app, 'checkDeposit', 'POST', `/api/v2/deposits/${code}/check`, { cookie });
    expect(notPaid).toMatchObject({ status: 409, body: { code: 'DEPOSIT_NOT_PAID' } });

    const qr = await call(t.app, 'getDepositQr', 'GET', `/api/v2/deposits/${code}/qr`, { cookie });
    expect(qr.body.qrText).toBe(created.body.qr.qrText);
    const paid = await call(t.app, 'paySandboxQr', 'POST', '/api/v2/sandbox/bank/pay', {
      payload: { qrText: qr.body.qrText },
    });
    expect(paid).toMatchObject({
      status: 200,
      body: { billNumber: code, amount: 100_000, currency: 'LAK', merchantName: 'LAO STAR' },
    });

    const checked = await call(t.app, 'checkDeposit', 'POST', `/api/v2/deposits/${code}/check`, { cookie });
    expect(checked.body.order.status).toBe('SUCCESS');
    expect(await credit(t.app, cookie)).toBe('153.84');

    const again = await call(t.app, 'paySandboxQr', 'POST', '/api/v2/sandbox/bank/pay', {
      payload: { qrText: qr.body.qrText },
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'ORDER_CLOSED' } });

    const list = await call(t.app, 'listDeposits', 'GET', '/api/v2/deposits?page=1&pageSize=5', { cookie });
    expect(list.body).toMatchObject({ page: 1, pageSize: 5, total: 1 });
    expect(list.body.items[0].status).toBe('SUCCESS');

    const wd = await createWithdraw(t.app, cookie, {
      provider: 'alphabet',
      bankAccountId: account.id,
      credit: 10_000,
    });
    expect(wd.status).toBe(201);
    expect(wd.body.order).toMatchObject({ kind: 'WITHDRAW', status: 'OPEN', credit: 10_000, amount: 64_000 });
    expect(await credit(t.app, cookie)).toBe('53.84');
    const open = await call(t.app, 'listOpenWithdraws', 'GET', '/api/v2/withdraws/open', { cookie });
    expect(open.body.orders).toHaveLength(1);

    expect((await approveWithdraw(t.ctx, wd.body.order.code, testActor)).status).toBe('SUCCESS');
    const history = await call(t.app, 'listWithdraws', 'GET', '/api/v2/withdraws', { cookie });
    expect(history.body.items[0].status).toBe('SUCCESS');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('returns the held credit on rejection', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const account = await addAccount(t.app, cookie);
    await depositAndPay(t.app, cookie, { provider: 'gclub' });
    const wd = await createWithdraw(t.app, cookie, {
      provider: 'gclub',
      bankAccountId: account.id,
      credit: 15_384,
    });
    expect(await credit(t.app, cookie, 'gclub')).toBe('0.00');
    expect((await rejectWithdraw(t.ctx, wd.body.order.code, testActor)).status).toBe('REJECTED');
    expect(await credit(t.app, cookie, 'gclub')).toBe('153.84');
    await expect(approveWithdraw(t.ctx, wd.body.order.code, testActor)).rejects.toMatchObject({
      code: 'ORDER_CLOSED',
    });
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('lists enabled currencies once per mid, banks and games', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const cur = await call(t.app, 'listCurrencies', 'GET', '/api/v2/currencies');
    expect(cur.body.currencies.map((c: { mid: string }) => c.mid)).toEqual(['MID-LAOQR-01', 'MID-THB-01']);
    const banks = await call(t.app, 'listBanks', 'GET', '/api/v2/banks');
    expect(banks.body.banks.map((b: { code: string }) => b.code)).toEqual([
      'bcel',
      'jdb',
      'ldb',
      'indochina',
      'kasikam',
      'lvb',
    ]);
    const games = await call(t.app, 'listGames', 'GET', '/api/v2/games?provider=askmebet&category=slot', {
      cookie,
    });
    expect(games.body.games.length).toBeGreaterThan(0);
    // A new player has no credit to play with (launch.test.ts covers launching).
    const launch = await call(t.app, 'launchGame', 'POST', '/api/v2/games/launch', {
      cookie,
      payload: { provider: 'askmebet', gameId: 'amb-slot-001' },
    });
    expect(launch).toMatchObject({ status: 409, body: { code: 'CREDIT_EMPTY' } });
    const missing = await call(t.app, 'launchGame', 'POST', '/api/v2/games/launch', {
      cookie,
      payload: { provider: 'askmebet', gameId: 'nope' },
    });
    expect(missing).toMatchObject({ status: 404, body: { code: 'GAME_NOT_FOUND' } });
  });

  it('answers 401 without a session', async () => {
    const res = await call(t.app, 'listDeposits', 'GET', '/api/v2/deposits');
    expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });

  it('keeps one idempotency key to one request', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const key = idemKey();
    const first = await createDeposit(t.app, cookie, {}, key);
    const replay = await createDeposit(t.app, cookie, {}, key);
    expect(replay).toEqual(first);
    const other = await createDeposit(t.app, cookie, { amount: 120_000 }, key);
    expect(other).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
  });
});
