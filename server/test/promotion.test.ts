import { balanceOf, checkInvariants, systemAccountId } from '../src/domain/ledger/ledger';
import { approveWithdraw } from '../src/domain/money/withdrawals';
import { playTestRound } from '../src/sandbox/provider/wallets';
import { createTestApp, registerAndLogin, type TestApp, testActor } from './helpers';
import { addAccount, call, createDeposit, createWithdraw, credit, depositAndPay } from './moneyFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

const claim = (cookie: string, promotionId: string, providerId = 'alphabet') =>
  call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
    cookie,
    payload: { promotionId, providerId },
  });

async function withAccount() {
  const p = await registerAndLogin(t.app);
  const account = await addAccount(t.app, p.cookie);
  return { ...p, account };
}

/** A round at alphabet won (+delta) or lost (-delta), outside the site's ledger. */
function play(playerId: string, delta: number) {
  return playTestRound(t.ctx.db, {
    provider: 'alphabet',
    playerId,
    bet: Math.max(0, -delta),
    win: Math.max(0, delta),
  });
}

describe('promotions', () => {
  it('lists and shows promotions; 404 for an unknown one', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const list = await call(t.app, 'listPromotions', 'GET', '/api/v2/promotions', { cookie });
    expect(list.body.promotions.map((p: { id: string; status: string }) => `${p.id}:${p.status}`)).toEqual([
      'welcome-100:ACTIVE',
      'daily-10:ACTIVE',
      'slot-50:ACTIVE',
      'songkran-30:INACTIVE',
    ]);
    expect(
      (await call(t.app, 'getPromotion', 'GET', '/api/v2/promotions/welcome-100', { cookie })).body.promotion
        .bonusPercent,
    ).toBe(20);
    expect(await call(t.app, 'getPromotion', 'GET', '/api/v2/promotions/nope', { cookie })).toMatchObject({
      status: 404,
      body: { code: 'PROMOTION_NOT_FOUND' },
    });
    expect(
      await call(t.app, 'getCurrentPromotion', 'GET', '/api/v2/players/promotions/using', { cookie }),
    ).toEqual({ status: 200, body: { usage: null } });
  });

  it('refuses claims by rule: bank account, blocked, inactive, unknown, open order', async () => {
    const p = await registerAndLogin(t.app);
    expect(await claim(p.cookie, 'daily-10')).toMatchObject({
      status: 400,
      body: { code: 'BANK_ACCOUNT_REQUIRED' },
    });
    await addAccount(t.app, p.cookie);
    expect(await claim(p.cookie, 'songkran-30')).toMatchObject({
      status: 409,
      body: { code: 'PROMOTION_INACTIVE' },
    });
    expect(await claim(p.cookie, 'nope')).toMatchObject({
      status: 404,
      body: { code: 'PROMOTION_NOT_FOUND' },
    });
    await createDeposit(t.app, p.cookie);
    expect(await claim(p.cookie, 'daily-10')).toMatchObject({
      status: 409,
      body: { code: 'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN' },
    });
    await t.ctx.db.query('UPDATE players SET promotion_blocked = true WHERE id = $1', [p.playerId]);
    expect(await claim(p.cookie, 'daily-10')).toMatchObject({
      status: 403,
      body: { code: 'PROMOTION_BLOCKED' },
    });
  });

  it('welcome bonus: claim, qualifying deposit with bonus, limits, withdraw all with the excess returned', async () => {
    const p = await withAccount();
    const claimed = await claim(p.cookie, 'welcome-100');
    expect(claimed.body.usage).toMatchObject({
      promotionId: 'welcome-100',
      status: 'ACTIVE',
      provider: 'alphabet',
      bonusCredit: 0,
      endedAt: '0001-01-01T00:00:00Z',
    });
    expect(await claim(p.cookie, 'daily-10')).toMatchObject({
      status: 409,
      body: { code: 'PROMOTION_IN_USE' },
    });

    expect(await createDeposit(t.app, p.cookie, { amount: 120_000 })).toMatchObject({
      status: 400,
      body: { code: 'PROMOTION_AMOUNT_MISMATCH' },
    });
    expect(await createDeposit(t.app, p.cookie, { provider: 'gclub' })).toMatchObject({
      status: 409,
      body: { code: 'PROMOTION_PROVIDER_USED' },
    });
    const code = await depositAndPay(t.app, p.cookie);
    expect(await credit(t.app, p.cookie)).toBe('184.60'); // 15,384 + 20% bonus 3,076
    const history = await call(t.app, 'listDeposits', 'GET', '/api/v2/deposits', { cookie: p.cookie });
    expect(history.body.items[0]).toMatchObject({ code, status: 'SUCCESS', bonusCredit: 3_076 });
    const current = await call(t.app, 'getCurrentPromotion', 'GET', '/api/v2/players/promotions/using', {
      cookie: p.cookie,
    });
    expect(current.body.usage).toMatchObject({ status: 'USED', bonusCredit: 3_076 });

    expect(await createDeposit(t.app, p.cookie)).toMatchObject({
      status: 409,
      body: { code: 'PROMOTION_CREDIT_USED' },
    });

    const info = await call(
      t.app,
      'getWithdrawPromotionInfo',
      'GET',
      '/api/v2/withdraws/promotion-info?provider=alphabet',
      { cookie: p.cookie },
    );
    // Spec §9: the bonus is deducted on withdrawal, credit above the maximum is returned, and (§5) the credit
    // must exceed the promotion credit: 15,384 + 3,076 = 18,460.
    expect(info.body).toEqual({
      hasPromotion: true,
      withdrawAll: true,
      receivedCredit: 3_076,
      returnedCredit: 3_076,
      maxCredit: 92_300,
      minCredit: 18_461,
    });

    const base = { provider: 'alphabet', bankAccountId: p.account.id };
    expect(await createWithdraw(t.app, p.cookie, { ...base, credit: 10_000 })).toMatchObject({
      status: 400,
      body: { code: 'PROMOTION_WITHDRAW_ALL' },
    });
    expect(await createWithdraw(t.app, p.cookie, { ...base, credit: 18_460 })).toMatchObject({
      status: 409,
      body: {
        code: 'PROMOTION_MIN_CREDIT',
        details: [
          { field: 'minCredit', message: '18461' },
          { field: 'credit', message: '18460' },
        ],
      },
    });
    await play(p.playerId, 1_000); // 194.60 THB: above the promotion credit, turnover still to play
    expect(await createWithdraw(t.app, p.cookie, { ...base, credit: 19_460 })).toMatchObject({
      status: 409,
      body: { code: 'PROMOTION_TURNOVER_NOT_MET' },
    });

    // Stakes of 3 × 184.60 THB (each round pays its bet back), then a big win: 1,184.60 THB.
    for (let i = 0; i < 3; i += 1)
      await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 18_460, win: 18_460 });
    await play(p.playerId, 99_000);
    const info2 = await call(
      t.app,
      'getWithdrawPromotionInfo',
      'GET',
      '/api/v2/withdraws/promotion-info?provider=alphabet',
      { cookie: p.cookie },
    );
    // Above the 923 THB maximum: 261.60 THB returned, and the 30.76 THB bonus deducted.
    expect(info2.body.returnedCredit).toBe(118_460 - 92_300 + 3_076);
    const liability = await systemAccountId(t.ctx.db, 'promotion_liability', 'THB');
    const liabilityBefore = await balanceOf(t.ctx.db, liability);
    const wd = await createWithdraw(t.app, p.cookie, { ...base, credit: 118_460 });
    // Paid: 923 THB − 30.76 THB bonus = 892.24 THB × 640 LAK.
    expect(wd.body.order).toMatchObject({ credit: 118_460, amount: 571_033 });
    await approveWithdraw(t.ctx, wd.body.order.code, testActor);
    expect(await balanceOf(t.ctx.db, liability)).toBe(liabilityBefore + 26_160 + 3_076);
    const usages = await call(t.app, 'listPromotionUsages', 'GET', '/api/v2/promotions/usages', {
      cookie: p.cookie,
    });
    expect(usages.body.items[0]).toMatchObject({ status: 'SUCCESS', promotionId: 'welcome-100' });
    expect(usages.body.items[0].endedAt).not.toBe('0001-01-01T00:00:00Z');

    expect(await claim(p.cookie, 'welcome-100')).toMatchObject({
      status: 409,
      body: { code: 'PROMOTION_ALREADY_USED' },
    });
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('first-order promotions are refused after a successful deposit', async () => {
    const p = await withAccount();
    await depositAndPay(t.app, p.cookie);
    expect(await claim(p.cookie, 'welcome-100')).toMatchObject({
      status: 409,
      body: { code: 'PROMOTION_ONLY_FOR_FIRST_ORDER' },
    });
  });

  it('cancel takes back the bonus still there; a second cancel is refused', async () => {
    const p = await withAccount();
    const usageId = (await claim(p.cookie, 'daily-10')).body.usage.usageId;
    await depositAndPay(t.app, p.cookie, { amount: 200_000 }); // 30,769 + 10% = 3,076 bonus
    expect(await credit(t.app, p.cookie)).toBe('338.45');
    const cancel = () =>
      call(t.app, 'cancelPromotionUsage', 'POST', '/api/v2/promotions/usages/cancel', {
        cookie: p.cookie,
        payload: { usageId },
      });
    // Answered as committed: in force until the provider has taken the bonus back, right after.
    const canceled = await cancel();
    expect(canceled.body.usage).toMatchObject({ usageId, status: 'USED', cancelPending: true });
    expect(await credit(t.app, p.cookie)).toBe('307.69');
    const usages = await call(t.app, 'listPromotionUsages', 'GET', '/api/v2/promotions/usages', {
      cookie: p.cookie,
    });
    expect(usages.body.items[0]).toMatchObject({ usageId, status: 'CANCELED' });
    expect(await cancel()).toMatchObject({ status: 409, body: { code: 'PROMOTION_INACTIVE' } });
    const other = await registerAndLogin(t.app);
    expect(
      await call(t.app, 'cancelPromotionUsage', 'POST', '/api/v2/promotions/usages/cancel', {
        cookie: other.cookie,
        payload: { usageId },
      }),
    ).toMatchObject({
      status: 404,
      body: { code: 'PROMOTION_NOT_FOUND' },
    });
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('recheck ends a usage whose credit fell below the threshold', async () => {
    const p = await withAccount();
    await claim(p.cookie, 'daily-10');
    await depositAndPay(t.app, p.cookie, { amount: 200_000 });
    const recheck = () =>
      call(t.app, 'recheckPromotionUsage', 'POST', '/api/v2/promotions/usages/recheck', { cookie: p.cookie });
    expect((await recheck()).body.usage.status).toBe('USED');
    await play(p.playerId, -33_000); // lost down to 3.45 THB, below the 20 THB threshold
    expect((await recheck()).body.usage.status).toBe('SUCCESS');
    expect(
      (
        await call(t.app, 'getCurrentPromotion', 'GET', '/api/v2/players/promotions/using', {
          cookie: p.cookie,
        })
      ).body.usage,
    ).toBeNull();
  });
});
