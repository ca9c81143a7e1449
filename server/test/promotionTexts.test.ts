import { existsSync } from 'node:fs';
import path from 'node:path';
import { balanceOf, checkInvariants, systemAccountId } from '../src/domain/ledger/ledger';
import { approveWithdraw } from '../src/domain/money/withdrawals';
import { runOps } from '../src/ops/commands';
import { playTestRound } from '../src/sandbox/provider/wallets';
import { createTestApp, registerAndLogin, type TestApp, testActor } from './helpers';
import { addAccount, call, createWithdraw, depositAndPay } from './moneyFixtures';

/** Issue 13: promotions in the player's language, with artwork, an end, and refusals that say why. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

const get = (operationId: string, url: string, cookie: string) =>
  call(t.app, operationId, 'GET', url, { cookie });
const claim = (cookie: string, promotionId: string, providerId = 'alphabet') =>
  call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
    cookie,
    payload: { promotionId, providerId },
  });
const current = async (cookie: string, lang = 'lo') =>
  (await get('getCurrentPromotion', `/api/v2/players/promotions/using?lang=${lang}`, cookie)).body.usage;

async function ops(...argv: string[]) {
  const { exitCode, output } = await runOps(t.ctx, argv);
  return { code: exitCode, out: output };
}

async function withAccount() {
  const p = await registerAndLogin(t.app);
  const account = await addAccount(t.app, p.cookie);
  return { ...p, account };
}

/** A settled round at alphabet: `bet` staked, `win` paid. */
async function round(playerId: string, bet: number, win = 0) {
  if (!(await playTestRound(t.ctx.db, { provider: 'alphabet', playerId, bet, win })))
    throw new Error(`the wallet cannot cover a bet of ${bet}`);
}

/** Stakes `total` at alphabet in rounds of at most 100 THB that each pay their bet back. */
async function stake(playerId: string, total: number) {
  for (let left = total; left > 0; left -= 10_000)
    await round(playerId, Math.min(left, 10_000), Math.min(left, 10_000));
}

describe('promotion texts, artwork and end', () => {
  it('answers titles and descriptions in the asked language, Lao when none is asked', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const titles = async (query: string) =>
      (await get('listPromotions', `/api/v2/promotions${query}`, cookie)).body.promotions.map(
        (p: { title: string }) => p.title,
      );
    expect(await titles('')).toEqual(['ໂບນັດຕ້ອນຮັບ 20%', 'ໂບນັດປະຈຳວັນ 10%', 'ຄົນຮັກສະລັອດ 50%', 'ບຸນປີໃໝ່ 30%']);
    expect(await titles('?lang=lo')).toEqual(await titles(''));
    expect(await titles('?lang=cn')).toEqual([
      '新人欢迎奖金 20%',
      '每日奖金 10%',
      '老虎机爱好者 50%',
      '宋干节 30%',
    ]);
    expect((await titles('?lang=th'))[0]).toBe('โบนัสต้อนรับ 20%');
    const vn = await get('getPromotion', '/api/v2/promotions/welcome-100?lang=vn', cookie);
    expect(vn.body.promotion).toMatchObject({
      title: 'Thưởng chào mừng 20%',
      description: 'Nhận thêm 20% tín dụng cho lần nạp đầu tiên 100.000 LAK (tối đa 500 THB).',
    });
    expect((await get('listPromotions', '/api/v2/promotions?lang=en', cookie)).status).toBe(400);
  });

  it('carries artwork, an end (one soon, one past) and the withdrawal percentage', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const list = (await get('listPromotions', '/api/v2/promotions', cookie)).body.promotions as {
      id: string;
      status: string;
      imageUrl: string;
      endsAt: string;
      maxWithdrawPercent: number;
    }[];
    const byId = Object.fromEntries(list.map((p) => [p.id, p]));
    expect(byId['welcome-100']).toMatchObject({
      imageUrl: '/promotions/welcome.svg',
      maxWithdrawPercent: 500,
    });
    expect(byId['daily-10']!.maxWithdrawPercent).toBe(1_000);
    const daysLeft = (id: string) => (Date.parse(byId[id]!.endsAt) - Date.now()) / 86_400_000;
    expect(daysLeft('welcome-100')).toBeGreaterThan(300);
    expect(daysLeft('slot-50')).toBeGreaterThan(1);
    expect(daysLeft('slot-50')).toBeLessThan(4);
    expect(daysLeft('songkran-30')).toBeLessThan(0);
    expect(byId['songkran-30']!.status).toBe('INACTIVE');
    // The artwork ships with the web app (public/ is copied into the build).
    for (const p of list) expect(existsSync(path.join('public', p.imageUrl))).toBe(true);
  });

  it('shows a visitor, without a session, the promotions in force for the home banners, in their language', async () => {
    const visitor = await get('listPromotionBanners', '/api/v2/promotions/banners?lang=th', '');
    expect(visitor.status).toBe(200);
    const banners = visitor.body.promotions as { id: string; status: string; title: string }[];
    const { cookie } = await registerAndLogin(t.app);
    const offered = (await get('listPromotions', '/api/v2/promotions?lang=th', cookie)).body.promotions as {
      id: string;
      status: string;
      title: string;
    }[];
    // The player's list in the same order, without the ended one (Songkran).
    expect(banners).toEqual(offered.filter((p) => p.status === 'ACTIVE'));
    expect(banners.map((p) => p.id)).toEqual(expect.arrayContaining(['welcome-100', 'daily-10', 'slot-50']));
    expect(banners.map((p) => p.id)).not.toContain('songkran-30');
    // The player's own list still needs a session.
    expect((await get('listPromotions', '/api/v2/promotions', '')).status).toBe(401);
  });

  it('a language without its own text falls back to Lao, a promotion without texts to its own title', async () => {
    const { cookie } = await registerAndLogin(t.app);
    await t.ctx.db.query(
      `INSERT INTO promotions (id, title, description, status, deposit_amount, bonus_percent, max_bonus_credit,
         turnover, first_order_only, withdraw_all, credit_threshold, sort)
       VALUES ('plain-5', 'Plain 5%', 'No texts yet.', 'INACTIVE', 100000, 5, 1000, 1, false, false, 1000, 99)`,
    );
    expect(
      await ops('promotions', 'text', 'plain-5', 'cn', '简单', '5%', '--', '存款', '额外', '5%'),
    ).toEqual({
      code: 0,
      out: 'plain-5 cn: 简单 5%',
    });
    const plain = async (lang: string) =>
      (await get('getPromotion', `/api/v2/promotions/plain-5?lang=${lang}`, cookie)).body.promotion;
    expect(await plain('cn')).toMatchObject({ title: '简单 5%', description: '存款 额外 5%' });
    expect(await plain('vn')).toMatchObject({ title: 'Plain 5%', description: 'No texts yet.' });
    await ops('promotions', 'text', 'plain-5', 'lo', 'ທຳມະດາ', '5%', '--', 'ເພີ່ມ', '5%');
    expect((await plain('vn')).title).toBe('ທຳມະດາ 5%');
    expect((await plain('th')).description).toBe('ເພີ່ມ 5%');
  });

  it('ops: list, text, image and end, with refusals and usage errors', async () => {
    const list = await ops('promotions', 'list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(
      /welcome-100\s+ACTIVE\s+\S+Z\s+\/promotions\/welcome\.svg\s+cn,lo,th,vn\s+ໂບນັດຕ້ອນຮັບ 20%/,
    );
    expect(await ops('promotions', 'image', 'daily-10', '/promotions/slots.svg')).toEqual({
      code: 0,
      out: 'daily-10 image /promotions/slots.svg',
    });
    expect((await ops('promotions', 'image', 'daily-10', 'https://elsewhere.example/x.svg')).code).toBe(1);
    expect((await ops('promotions', 'text', 'nope', 'lo', 'x', '--', 'y')).out).toContain(
      'PROMOTION_NOT_FOUND',
    );
    expect((await ops('promotions', 'text', 'daily-10', 'en', 'x', '--', 'y')).code).toBe(2);
    expect((await ops('promotions', 'text', 'daily-10', 'lo', 'no', 'description')).code).toBe(2);
    expect((await ops('promotions', 'end', 'daily-10', 'tomorrow')).code).toBe(2);
    expect((await ops('promotions', 'launch', 'daily-10')).code).toBe(2);

    // An end in the past ends the promotion now: it reads INACTIVE and a claim is refused.
    const p = await withAccount();
    expect(await ops('promotions', 'end', 'slot-50', '2020-01-01T00:00:00Z')).toEqual({
      code: 0,
      out: 'slot-50 ends 2020-01-01T00:00:00.000Z',
    });
    expect((await get('getPromotion', '/api/v2/promotions/slot-50', p.cookie)).body.promotion).toMatchObject({
      status: 'INACTIVE',
      endsAt: '2020-01-01T00:00:00.000Z',
    });
    expect(await claim(p.cookie, 'slot-50')).toMatchObject({
      status: 409,
      body: { code: 'PROMOTION_INACTIVE' },
    });
    await ops('promotions', 'end', 'slot-50', '2099-01-01T00:00:00Z');
    expect((await get('getPromotion', '/api/v2/promotions/slot-50', p.cookie)).body.promotion.status).toBe(
      'ACTIVE',
    );
  });
});

describe('claims that explain themselves', () => {
  it('refuses a promotion that could never be used: the credit there is at or above its threshold', async () => {
    const p = await withAccount();
    await depositAndPay(t.app, p.cookie); // 153.84 THB at alphabet
    expect(await claim(p.cookie, 'daily-10')).toEqual({
      status: 409,
      body: {
        code: 'PROMOTION_NOT_USABLE',
        message: expect.any(String),
        details: [
          { field: 'credit', message: '15384' },
          { field: 'threshold', message: '2000' },
        ],
      },
    });
    // The credit at another provider does not matter.
    expect((await claim(p.cookie, 'daily-10', 'gclub')).status).toBe(200);
  });

  it('says "another promotion is in use" while one is in force, and "already used" for a used one-time promotion', async () => {
    const p = await withAccount();
    const first = await claim(p.cookie, 'slot-50');
    expect(await claim(p.cookie, 'daily-10')).toMatchObject({
      status: 409,
      body: { code: 'PROMOTION_IN_USE' },
    });
    // A one-time promotion that got its deposit is "already used" once it has ended: here played away.
    await depositAndPay(t.app, p.cookie, { amount: 500_000 }); // 769.23 THB + 300 THB bonus
    await round(p.playerId, 106_923);
    const rechecked = await call(
      t.app,
      'recheckPromotionUsage',
      'POST',
      '/api/v2/promotions/usages/recheck',
      {
        cookie: p.cookie,
      },
    );
    expect(rechecked.body.usage).toMatchObject({ usageId: first.body.usage.usageId, status: 'SUCCESS' });
    expect(await claim(p.cookie, 'slot-50', 'gclub')).toMatchObject({
      status: 409,
      body: { code: 'PROMOTION_ALREADY_USED' },
    });
    const usages = await get('listPromotionUsages', '/api/v2/promotions/usages?lang=cn', p.cookie);
    expect(usages.body.items[0]).toMatchObject({ promotionTitle: '老虎机爱好者 50%', status: 'SUCCESS' });
  });
});

describe('turnover', () => {
  it('counts the stakes since the claim; a withdrawal before it is met says how much, then succeeds', async () => {
    const p = await withAccount();
    await depositAndPay(t.app, p.cookie); // 153.84 THB
    await round(p.playerId, 14_000); // staked and lost before the claim: 13.84 THB left, below 20 THB
    await claim(p.cookie, 'daily-10');
    expect((await current(p.cookie)).turnoverRequired).toBeUndefined(); // nothing required before the deposit
    await depositAndPay(t.app, p.cookie, { amount: 200_000 }); // 307.69 THB + 10% bonus 30.76 THB
    const required = 2 * (30_769 + 3_076);
    expect(await current(p.cookie, 'vn')).toMatchObject({
      promotionTitle: 'Thưởng mỗi ngày 10%',
      status: 'USED',
      turnoverRequired: required,
      turnoverDone: 0,
    });

    await round(p.playerId, 10_000, 4_000);
    await round(p.playerId, 5_000, 12_000); // 362.29 THB: above the promotion credit of 338.45 THB
    expect((await current(p.cookie)).turnoverDone).toBe(15_000);

    const base = { provider: 'alphabet', bankAccountId: p.account.id };
    expect(await createWithdraw(t.app, p.cookie, { ...base, credit: 20_000 })).toEqual({
      status: 409,
      body: {
        code: 'PROMOTION_TURNOVER_NOT_MET',
        message: expect.any(String),
        details: [
          { field: 'turnoverRequired', message: String(required) },
          { field: 'turnoverDone', message: '15000' },
          { field: 'maxCredit', message: String(10 * (30_769 + 3_076)) },
        ],
      },
    });

    await stake(p.playerId, required - 15_000);
    expect((await current(p.cookie)).turnoverDone).toBe(required);
    // Within the maximum (1,000 % of 338.45 THB) the withdrawal pays all but the 30.76 THB bonus.
    const wd = await createWithdraw(t.app, p.cookie, { ...base, credit: 20_000 });
    expect(wd).toMatchObject({ status: 201, body: { order: { credit: 20_000, amount: 108_313 } } });
    await approveWithdraw(t.ctx, wd.body.order.code, testActor);
    expect(await current(p.cookie)).toBeNull();
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('withdraw-all promotions say how much must be withdrawn; the credit above the maximum is deducted', async () => {
    const p = await withAccount();
    await claim(p.cookie, 'welcome-100');
    await depositAndPay(t.app, p.cookie); // 153.84 THB + 20% bonus 30.76 THB: 184.60 THB, max 923 THB
    const base = { provider: 'alphabet', bankAccountId: p.account.id };
    expect(await createWithdraw(t.app, p.cookie, { ...base, credit: 10_000 })).toMatchObject({
      status: 400,
      body: { code: 'PROMOTION_WITHDRAW_ALL', details: [{ field: 'credit', message: '18460' }] },
    });
    await stake(p.playerId, 55_380); // 3 × 184.60 THB
    await round(p.playerId, 0, 100_000); // and a big win: 1,184.60 THB
    const liability = await systemAccountId(t.ctx.db, 'promotion_liability', 'THB');
    const before = await balanceOf(t.ctx.db, liability);
    const wd = await createWithdraw(t.app, p.cookie, { ...base, credit: 118_460 });
    // Paid: the 923 THB maximum less the 30.76 THB bonus (× 640 LAK); the 261.60 THB above the maximum and
    // the bonus go back to promotion liability.
    expect(wd.body.order).toMatchObject({ credit: 118_460, amount: 571_033 });
    await approveWithdraw(t.ctx, wd.body.order.code, testActor);
    expect(await balanceOf(t.ctx.db, liability)).toBe(before + 118_460 - 92_300 + 3_076);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });
});
