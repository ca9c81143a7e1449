import { checkInvariants } from '../src/domain/ledger/ledger';
import { deliverDue } from '../src/domain/money/outboxDelivery';
import { takeTimeOut } from '../src/domain/protection/exclusions';
import { limitUsed } from '../src/domain/protection/protectionChecks';
import { setLimit } from '../src/domain/protection/protectionLimits';
import { createTestApp, expectContract, registerAndLogin, type TestApp } from './helpers';
import { addAccount, call, createDeposit, credit, postPaymentCallback } from './moneyFixtures';

/**
 * Limits count money by when it was credited, and a payment that may not be played (paid after its order
 * closed and over a limit, or during a time-out or self-exclusion) is paid back to the player's bank, once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

async function bankPays(code: string, reference: string, amount: number) {
  const res = await postPaymentCallback(t.app, t.ctx.config.gatewaySecret, {
    billNumber: code,
    reference,
    amount,
  });
  expectContract('receivePaymentCallback', res.status, res.body);
  expect(res.status).toBe(200);
}

async function openDeposit(cookie: string, amount: number): Promise<string> {
  const created = await createDeposit(t.app, cookie, { amount });
  expect(created.status).toBe(201);
  return created.body.order.code as string;
}

/** The order's QR expired unpaid (and its QR is no longer valid): the reconciler's FAILED. */
async function expire(code: string) {
  await t.ctx.db.query(
    `UPDATE orders SET status = 'FAILED', expires_at = now() - interval '1 minute' WHERE code = $1`,
    [code],
  );
}

async function deposit(cookie: string, code: string) {
  const list = await call(t.app, 'listDeposits', 'GET', '/api/v2/deposits', { cookie });
  return list.body.items.find((o: { code: string }) => o.code === code);
}

async function payoutRequests(code: string): Promise<number> {
  const r = await t.ctx.db.query<{ requests: number }>(
    'SELECT requests FROM sandbox_payouts WHERE order_code = $1',
    [code],
  );
  return r.rows[0]?.requests ?? 0;
}

describe('a payment that arrives after its order closed', () => {
  it('is paid back when it would break the deposit limit, and the limit reports what was credited', async () => {
    const p = await registerAndLogin(t.app);
    await addAccount(t.app, p.cookie);
    await t.ctx.db.tx((q) => setLimit(q, p.playerId, 'DEPOSIT', 'DAY', 300_000, new Date()));
    const first = await openDeposit(p.cookie, 200_000);
    await expire(first);
    const second = await openDeposit(p.cookie, 200_000);
    await bankPays(second, 'BCEL-SECOND', 200_000);
    expect(await credit(t.app, p.cookie)).toBe('307.69');

    await bankPays(first, 'BCEL-FIRST-LATE', 200_000);
    // Still only the second deposit is playable, and counted.
    expect(await credit(t.app, p.cookie)).toBe('307.69');
    expect(await limitUsed(t.ctx.db, p.playerId, 'DEPOSIT', 'DAY', new Date())).toBe(200_000);
    expect(await deposit(p.cookie, first)).toMatchObject({
      status: 'REJECTED',
      paidAfterClose: true,
      returned: { reason: 'DEPOSIT_LIMIT_EXCEEDED', stage: 'PAID' },
    });
    expect(await payoutRequests(first)).toBe(1);

    // The bank delivers the same payment again, and the worker runs: nothing more moves.
    await bankPays(first, 'BCEL-FIRST-LATE', 200_000);
    await deliverDue(t.ctx);
    expect(await payoutRequests(first)).toBe(1);
    expect(await credit(t.app, p.cookie)).toBe('307.69');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('is credited when within the limits, and then counts from when it was credited', async () => {
    const p = await registerAndLogin(t.app);
    await t.ctx.db.tx((q) => setLimit(q, p.playerId, 'DEPOSIT', 'DAY', 300_000, new Date()));
    const first = await openDeposit(p.cookie, 100_000);
    await expire(first);
    await bankPays(first, 'BCEL-WITHIN', 100_000);
    expect(await deposit(p.cookie, first)).toMatchObject({ status: 'SUCCESS', paidAfterClose: true });
    expect(await credit(t.app, p.cookie)).toBe('153.84');
    // The order was opened over a day ago: what counts is when its money was credited.
    await t.ctx.db.query(`UPDATE orders SET created_at = now() - interval '2 days' WHERE code = $1`, [first]);
    const refused = await createDeposit(t.app, p.cookie, { amount: 250_000 });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'DEPOSIT_LIMIT_EXCEEDED',
        details: expect.arrayContaining([{ field: 'remaining', message: '200000' }]),
      },
    });
  });

  it('is paid back when it would break the loss limit', async () => {
    const p = await registerAndLogin(t.app);
    await addAccount(t.app, p.cookie);
    await t.ctx.db.tx((q) => setLimit(q, p.playerId, 'LOSS', 'WEEK', 150_000, new Date()));
    const first = await openDeposit(p.cookie, 100_000);
    await call(t.app, 'cancelDeposit', 'POST', `/api/v2/deposits/${first}/cancel`, { cookie: p.cookie });
    await expire(first);
    const second = await openDeposit(p.cookie, 100_000);
    await bankPays(second, 'BCEL-LOSS-2', 100_000);
    await bankPays(first, 'BCEL-LOSS-1', 100_000);
    expect(await deposit(p.cookie, first)).toMatchObject({
      status: 'REJECTED',
      returned: { reason: 'LOSS_LIMIT_EXCEEDED', stage: 'PAID' },
    });
    expect(await credit(t.app, p.cookie)).toBe('153.84');
  });
});

describe('a payment during a time-out', () => {
  it('is never played: paid back once the player adds a bank account', async () => {
    const p = await registerAndLogin(t.app);
    const code = await openDeposit(p.cookie, 100_000);
    await t.ctx.db.tx((q) => takeTimeOut(q, p.playerId, 1, new Date()));
    await bankPays(code, 'BCEL-TIMEOUT', 100_000);
    expect(await credit(t.app, p.cookie)).toBe('0.00');
    expect(await deposit(p.cookie, code)).toMatchObject({
      status: 'REJECTED',
      returned: { reason: 'PLAYER_TIMED_OUT', stage: 'WAITING_FOR_BANK_ACCOUNT' },
    });
    expect(await payoutRequests(code)).toBe(0);
    await deliverDue(t.ctx);
    expect(await payoutRequests(code)).toBe(0);

    const account = await addAccount(t.app, p.cookie);
    expect(await deposit(p.cookie, code)).toMatchObject({ returned: { stage: 'PAID' } });
    const paid = await t.ctx.db.query<{ account_number: string; amount: unknown; requests: number }>(
      'SELECT account_number, amount, requests FROM sandbox_payouts WHERE order_code = $1',
      [code],
    );
    expect(paid.rows).toEqual([
      expect.objectContaining({ account_number: account.accountNumber, requests: 1 }),
    ]);
    expect(Number(paid.rows[0]!.amount)).toBe(100_000);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });
});
