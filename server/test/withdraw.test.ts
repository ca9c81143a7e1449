import { randomUUID } from 'node:crypto';
import { checkInvariants } from '../src/domain/ledger/ledger';
import { playTestRound } from '../src/sandbox/provider/wallets';
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { addAccount, call, createWithdraw, credit, fundedPlayer, idemKey } from './moneyFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

describe('createWithdraw', () => {
  it("needs a bank account (400 BANK_ACCOUNT_REQUIRED) of the player's own (404 ACCOUNT_NOT_FOUND)", async () => {
    const a = await registerAndLogin(t.app);
    const b = await fundedPlayer(t.app);
    expect(
      await createWithdraw(t.app, a.cookie, {
        provider: 'alphabet',
        bankAccountId: randomUUID(),
        credit: 10_000,
      }),
    ).toMatchObject({
      status: 400,
      body: { code: 'BANK_ACCOUNT_REQUIRED' },
    });
    await addAccount(t.app, a.cookie);
    expect(
      await createWithdraw(t.app, a.cookie, {
        provider: 'alphabet',
        bankAccountId: b.account.id,
        credit: 10_000,
      }),
    ).toMatchObject({
      status: 404,
      body: { code: 'ACCOUNT_NOT_FOUND' },
    });
  });

  it.each([
    [9_999, 400, 'AMOUNT_OUT_OF_RANGE'],
    [10_000_001, 400, 'AMOUNT_OUT_OF_RANGE'],
    [15_385, 409, 'CREDIT_NOT_ENOUGH'],
  ])('refuses %i satang with %i %s and holds nothing', async (amount, status, code) => {
    const p = await fundedPlayer(t.app);
    expect(
      await createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: p.account.id,
        credit: amount,
      }),
    ).toMatchObject({ status, body: { code } });
    expect(await credit(t.app, p.cookie)).toBe('153.84');
  });

  it('refuses credit at another provider', async () => {
    const p = await fundedPlayer(t.app);
    expect(
      await createWithdraw(t.app, p.cookie, {
        provider: 'gclub_live',
        bankAccountId: p.account.id,
        credit: 10_000,
      }),
    ).toMatchObject({
      status: 409,
      body: { code: 'CREDIT_NOT_ENOUGH' },
    });
  });

  it('replays the first response for the same key, once; 422 for another payload', async () => {
    const p = await fundedPlayer(t.app);
    const key = idemKey();
    const payload = { provider: 'alphabet', bankAccountId: p.account.id, credit: 10_000 };
    const first = await createWithdraw(t.app, p.cookie, payload, key);
    expect(first.status).toBe(201);
    expect(await createWithdraw(t.app, p.cookie, payload, key)).toEqual(first);
    expect(await credit(t.app, p.cookie)).toBe('53.84');
    expect(await createWithdraw(t.app, p.cookie, { ...payload, credit: 10_001 }, key)).toMatchObject({
      status: 422,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
  });

  it('a key left running by the earlier claim-first scheme runs its request once, then replays it', async () => {
    const p = await fundedPlayer(t.app);
    const { requestHash } = await import('../src/domain/ledger/idempotency');
    const key = idemKey();
    const payload = { provider: 'alphabet', bankAccountId: p.account.id, credit: 10_000 };
    await t.ctx.db.query(
      `INSERT INTO idempotency_keys (player_id, operation, key, request_hash, state)
       VALUES ($1, 'createWithdraw', $2, $3, 'running')`,
      [p.playerId, key, requestHash(payload)],
    );
    const first = await createWithdraw(t.app, p.cookie, payload, key);
    expect(first.status).toBe(201);
    expect(await createWithdraw(t.app, p.cookie, payload, key)).toEqual(first);
    expect(await credit(t.app, p.cookie)).toBe('53.84');
  });

  it('books game results from the provider before holding credit', async () => {
    const p = await fundedPlayer(t.app);
    // Won 46.16 THB at the provider.
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 0, win: 4_616 });
    expect(await credit(t.app, p.cookie)).toBe('200.00');
    const wd = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: p.account.id,
      credit: 20_000,
    });
    expect(wd.body.order).toMatchObject({ status: 'OPEN', credit: 20_000, amount: 128_000 });
    expect(await credit(t.app, p.cookie)).toBe('0.00');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('reports no promotion limits without a promotion, without asking the provider', async () => {
    const p = await fundedPlayer(t.app);
    const wallet = jest.spyOn(t.ctx.adapters.providers.alphabet, 'wallet');
    const info = await call(
      t.app,
      'getWithdrawPromotionInfo',
      'GET',
      '/api/v2/withdraws/promotion-info?provider=alphabet',
      { cookie: p.cookie },
    );
    expect(info.body).toEqual({
      hasPromotion: false,
      withdrawAll: false,
      receivedCredit: 0,
      returnedCredit: 0,
      maxCredit: 0,
      minCredit: 0,
    });
    expect(wallet).not.toHaveBeenCalled();
  });
});
