import type { PayoutAdapter } from '../src/adapters';
import { checkInvariants } from '../src/domain/ledger/ledger';
import { OrderEventHub } from '../src/domain/money/orderEventHub';
import type { Order } from '../src/domain/ledger/orders';
import { deliverDue, deliverOne } from '../src/domain/money/outboxDelivery';
import { approveWithdraw, rejectWithdraw } from '../src/domain/money/withdrawals';
import { createTestApp, registerAndLogin, type TestApp, testActor } from './helpers';
import { addAccount, call, createWithdraw, depositAndPay, fundedPlayer } from './moneyFixtures';

/**
 * Automatic withdrawals: at most AUTO_WITHDRAW_MAX_SATANG (12,000 satang here), no promotion in use and no
 * risk flag (bank account younger than AUTO_WITHDRAW_NEW_ACCOUNT_HOURS, more than AUTO_WITHDRAW_MAX_PER_HOUR
 * withdrawals in the last hour) are paid without an operator, through the outbox; the others wait for the
 * operator as before. The player sees each stage in the order's `payout`.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true', AUTO_WITHDRAW_MAX_SATANG: '12000' } });
});
afterAll(async () => {
  await t?.close();
});

/** The bank account was added two days ago: no "new account" risk flag. */
async function ageAccount(accountId: string): Promise<void> {
  await t.ctx.db.query(`UPDATE bank_accounts SET created_at = now() - interval '2 days' WHERE id = $1`, [
    accountId,
  ]);
}

async function seasonedPlayer(depositLak = 100_000) {
  const p = await registerAndLogin(t.app);
  const account = await addAccount(t.app, p.cookie);
  await ageAccount(account.id);
  await depositAndPay(t.app, p.cookie, { amount: depositLak });
  return { ...p, account };
}

/** A withdrawal waiting for the operator says why, and by when: WITHDRAW_REVIEW_MINUTES (60) from now. */
function expectWaitingForOperator(payout: Order['payout'], reason: string): void {
  expect(payout).toEqual({
    automatic: false,
    stage: 'RECEIVED',
    review: { reason, expectedBy: expect.any(String) },
  });
  const expectedBy = Date.parse(payout!.review!.expectedBy);
  expect(Math.abs(expectedBy - (Date.now() + 60 * 60_000))).toBeLessThan(60_000);
}

async function withdrawals(cookie: string): Promise<Order[]> {
  return (await call(t.app, 'listWithdraws', 'GET', '/api/v2/withdraws', { cookie })).body.items;
}

async function payoutRequests(code: string): Promise<number | undefined> {
  const r = await t.ctx.db.query<{ requests: number }>(
    'SELECT requests FROM sandbox_payouts WHERE order_code = $1',
    [code],
  );
  return r.rows[0]?.requests;
}

describe('automatic withdrawals', () => {
  it('pays a withdrawal at the automatic limit without an operator: the payout bank is asked once', async () => {
    const p = await seasonedPlayer();
    const created = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: p.account.id,
      credit: 12_000,
    });
    expect(created.status).toBe(201);
    expect(created.body.order).toMatchObject({
      status: 'OPEN',
      payout: { automatic: true, stage: 'RECEIVED' },
    });
    const code = created.body.order.code as string;
    // The request delivered the provider's OUT, then the payout.
    expect((await withdrawals(p.cookie))[0]).toMatchObject({
      code,
      status: 'SUCCESS',
      payout: { automatic: true, stage: 'PAID' },
    });
    expect(await payoutRequests(code)).toBe(1);
    const open = await call(t.app, 'listOpenWithdraws', 'GET', '/api/v2/withdraws/open', {
      cookie: p.cookie,
    });
    expect(open.body.orders).toEqual([]);
    await expect(approveWithdraw(t.ctx, code, testActor)).rejects.toMatchObject({ code: 'ORDER_CLOSED' });
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('leaves a withdrawal above the limit to the operator, who approves it as before', async () => {
    const p = await seasonedPlayer();
    const created = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: p.account.id,
      credit: 12_001,
    });
    const code = created.body.order.code as string;
    expectWaitingForOperator(created.body.order.payout, 'OVER_AUTOMATIC_LIMIT');
    await deliverDue(t.ctx);
    expect((await withdrawals(p.cookie))[0]).toMatchObject({ status: 'OPEN', payout: { stage: 'RECEIVED' } });
    expect(await payoutRequests(code)).toBeUndefined();
    const approved = await approveWithdraw(t.ctx, code, testActor);
    expect(approved).toMatchObject({ status: 'SUCCESS', payout: { automatic: false, stage: 'PAID' } });
    // Decided: no longer waiting for the operator.
    expect(approved.payout?.review).toBeUndefined();
    expect(await payoutRequests(code)).toBe(1);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('risk flag: a bank account added less than a day ago sends the withdrawal to the operator', async () => {
    const p = await fundedPlayer(t.app); // its account was added just now
    const created = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: p.account.id,
      credit: 10_000,
    });
    expectWaitingForOperator(created.body.order.payout, 'NEW_BANK_ACCOUNT');
    expect((await withdrawals(p.cookie))[0]).toMatchObject({ status: 'OPEN' });
  });

  it('risk flag: the fourth withdrawal within an hour goes to the operator', async () => {
    const p = await seasonedPlayer(1_000_000);
    const automatic: boolean[] = [];
    let last: Order | undefined;
    for (let i = 0; i < 4; i++) {
      const created = await createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: p.account.id,
        credit: 10_000,
      });
      expect(created.status).toBe(201);
      automatic.push(created.body.order.payout.automatic);
      last = created.body.order;
    }
    expect(automatic).toEqual([true, true, true, false]);
    expectWaitingForOperator(last!.payout, 'MANY_WITHDRAWALS');
    expect((await withdrawals(p.cookie)).map((o) => o.payout?.stage)).toEqual([
      'RECEIVED',
      'PAID',
      'PAID',
      'PAID',
    ]);
  });

  it('a promotion in use sends the withdrawal to the operator', async () => {
    const p = await seasonedPlayer();
    const claimed = await call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
      cookie: p.cookie,
      payload: { promotionId: 'daily-10', providerId: 'gclub' },
    });
    expect(claimed.status).toBe(200); // in force for gclub, still waiting for its deposit
    const created = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: p.account.id,
      credit: 10_000,
    });
    expect(created.status).toBe(201);
    expectWaitingForOperator(created.body.order.payout, 'PROMOTION_IN_USE');
  });

  it('a rejected withdrawal shows RETURNED; an approved one cannot be rejected once its payout left', async () => {
    const p = await registerAndLogin(t.app);
    const account = await addAccount(t.app, p.cookie);
    await depositAndPay(t.app, p.cookie, { amount: 1_000_000 });
    const base = { provider: 'alphabet', bankAccountId: account.id, credit: 10_000 };
    const first = (await createWithdraw(t.app, p.cookie, base)).body.order.code as string;
    expect(await rejectWithdraw(t.ctx, first, testActor)).toMatchObject({
      status: 'REJECTED',
      payout: { automatic: false, stage: 'RETURNED' },
    });
    const second = (await createWithdraw(t.app, p.cookie, base)).body.order.code as string;
    await approveWithdraw(t.ctx, second, testActor);
    await expect(rejectWithdraw(t.ctx, second, testActor)).rejects.toMatchObject({ code: 'ORDER_CLOSED' });
  });
});

describe('payout stages pushed as order events', () => {
  it('an automatic payout pushes PROCESSING while the bank works, then PAID', async () => {
    const p = await seasonedPlayer();
    const hub = new OrderEventHub(t.ctx.db);
    const events: Order[] = [];
    await hub.subscribe(p.playerId, (order) => events.push(order));
    // A payout bank that waits until the test lets it answer.
    const real = t.ctx.adapters.payout;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let called = () => {};
    const calledOnce = new Promise<void>((resolve) => (called = resolve));
    const gated: PayoutAdapter = {
      find: (q, code) => real.find(q, code),
      async pay(q, req) {
        called();
        await answered;
        return real.pay(q, req);
      },
    };
    t.ctx.adapters.payout = gated;
    try {
      const created = createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: p.account.id,
        credit: 10_000,
      });
      await calledOnce;
      await until(() => events.some((o) => o.payout?.stage === 'PROCESSING'));
      expect(events.at(-1)).toMatchObject({
        status: 'OPEN',
        payout: { automatic: true, stage: 'PROCESSING' },
      });
      answer();
      const code = (await created).body.order.code;
      await until(() => events.some((o) => o.payout?.stage === 'PAID'));
      expect(events.at(-1)).toMatchObject({ code, status: 'SUCCESS', payout: { stage: 'PAID' } });
    } finally {
      t.ctx.adapters.payout = real;
      answer();
      await hub.close();
    }
  });

  it('a manual payout pushes PROCESSING and PAID on approval', async () => {
    const p = await fundedPlayer(t.app);
    const hub = new OrderEventHub(t.ctx.db);
    const stages: string[] = [];
    await hub.subscribe(p.playerId, (order) => stages.push(order.payout!.stage));
    try {
      const created = await createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: p.account.id,
        credit: 10_000,
      });
      await approveWithdraw(t.ctx, created.body.order.code, testActor);
      await until(() => stages.includes('PAID'));
      // Each event carries the order as it is when reloaded: PROCESSING may already read PAID.
      expect(stages.at(-1)).toBe('PAID');
      expect(stages.every((s) => s === 'PROCESSING' || s === 'PAID')).toBe(true);
    } finally {
      await hub.close();
    }
  });
});

describe('exactly-once payout', () => {
  it('a replayed worker tick after a lost answer asks the bank about the order, and never pays twice', async () => {
    const p = await seasonedPlayer();
    // The bank pays, but its answer is lost (a timeout).
    const real = t.ctx.adapters.payout;
    t.ctx.adapters.payout = {
      find: (q, code) => real.find(q, code),
      async pay(q, req) {
        await real.pay(q, req);
        throw new Error('payout bank timed out');
      },
    };
    let code: string;
    try {
      const created = await createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: p.account.id,
        credit: 10_000,
      });
      code = created.body.order.code;
    } finally {
      t.ctx.adapters.payout = real;
    }
    expect((await withdrawals(p.cookie))[0]).toMatchObject({
      status: 'OPEN',
      payout: { stage: 'PROCESSING' },
    });
    expect(await payoutRequests(code)).toBe(1);
    // The worker's next tick, replayed: the first settles it from the bank's record, the rest find nothing.
    await t.ctx.db.query('UPDATE provider_outbox SET next_attempt_at = now() WHERE reference = $1', [code]);
    await Promise.all([deliverDue(t.ctx), deliverDue(t.ctx), deliverOne(t.ctx, code)]);
    await deliverDue(t.ctx);
    expect(await payoutRequests(code)).toBe(1);
    expect((await withdrawals(p.cookie))[0]).toMatchObject({
      code,
      status: 'SUCCESS',
      payout: { automatic: true, stage: 'PAID' },
    });
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('AUTO_WITHDRAW_MAX_SATANG=0 turns automatic payouts off', async () => {
    const off = await createTestApp({ env: { SANDBOX: 'true', AUTO_WITHDRAW_MAX_SATANG: '0' } });
    try {
      const p = await registerAndLogin(off.app);
      const account = await addAccount(off.app, p.cookie);
      await off.ctx.db.query(
        `UPDATE bank_accounts SET created_at = now() - interval '2 days' WHERE id = $1`,
        [account.id],
      );
      await depositAndPay(off.app, p.cookie);
      const created = await createWithdraw(off.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: account.id,
        credit: 10_000,
      });
      expectWaitingForOperator(created.body.order.payout, 'AUTOMATIC_OFF');
    } finally {
      await off.close();
    }
  });
});

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
