import { exclusionInForce, selfExclude, takeTimeOut } from '../src/domain/protection/exclusions';
import { confirmLimitChange, currentLimits, setLimit } from '../src/domain/protection/protectionLimits';
import type { Queryable } from '../src/db/types';
import { runOps } from '../src/ops/commands';
import {
  createTestApp,
  jsonHeaders,
  registerAndLogin,
  TEST_PASSWORD,
  cookieFrom,
  type TestApp,
} from './helpers';
import { call, createDeposit, createWithdraw, fundedPlayer } from './moneyFixtures';
import { asTester } from './testApprover';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('player protection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function ops(...argv: string[]) {
    const { exitCode, output } = await runOps(t.ctx, argv);
    return { code: exitCode, out: output };
  }

  const tx = <T>(fn: (q: Queryable) => Promise<T>): Promise<T> => t.ctx.db.tx(fn);

  async function login(username: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: jsonHeaders(),
      payload: { username, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return cookieFrom(res.headers['set-cookie']);
  }

  const claim = (cookie: string, promotionId: string) =>
    call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
      cookie,
      payload: { promotionId, providerId: 'alphabet' },
    });
  const launch = (cookie: string) =>
    call(t.app, 'launchGame', 'POST', '/api/v2/games/launch', {
      cookie,
      payload: { provider: 'alphabet', gameId: 'alp-slot-003' },
    });
  const promotions = (cookie: string) =>
    call(t.app, 'listPromotions', 'GET', '/api/v2/promotions', { cookie });

  describe('limits', () => {
    it('applies a lower limit, or a first one, at once', async () => {
      const p = await registerAndLogin(t.app);
      const now = new Date('2026-03-01T00:00:00Z');
      expect(await tx((q) => setLimit(q, p.playerId, 'DEPOSIT', 'DAY', 500_000, now))).toBe('APPLIED');
      expect(await tx((q) => setLimit(q, p.playerId, 'DEPOSIT', 'DAY', 300_000, now))).toBe('APPLIED');
      expect(await currentLimits(t.ctx.db, p.playerId, now)).toEqual([
        { kind: 'DEPOSIT', period: 'DAY', amount: 300_000, effectiveFrom: now, pending: null },
      ]);
    });

    it('holds a raise for 24 h, then applies it only when the player confirms within 7 days', async () => {
      const p = await registerAndLogin(t.app);
      const start = new Date('2026-03-01T00:00:00Z');
      const at = (ms: number) => new Date(start.getTime() + ms);
      await tx((q) => setLimit(q, p.playerId, 'LOSS', 'WEEK', 100_000, start));
      expect(await tx((q) => setLimit(q, p.playerId, 'LOSS', 'WEEK', 400_000, start))).toBe('PENDING');

      const [limit] = await currentLimits(t.ctx.db, p.playerId, at(HOUR));
      expect(limit).toMatchObject({
        amount: 100_000,
        pending: { amount: 400_000, confirmableFrom: at(DAY), confirmableUntil: at(8 * DAY) },
      });
      await expect(
        tx((q) => confirmLimitChange(q, p.playerId, 'LOSS', 'WEEK', at(DAY - 1))),
      ).rejects.toMatchObject({
        code: 'LIMIT_CHANGE_TOO_EARLY',
        details: [{ field: 'confirmableFrom', message: at(DAY).toISOString() }],
      });
      const confirmed = await tx((q) => confirmLimitChange(q, p.playerId, 'LOSS', 'WEEK', at(DAY)));
      expect(confirmed).toMatchObject({ amount: 400_000, pending: null });
      expect((await currentLimits(t.ctx.db, p.playerId, at(DAY)))[0]?.amount).toBe(400_000);
    });

    it('lets an unconfirmed raise or removal lapse after its 7-day window', async () => {
      const p = await registerAndLogin(t.app);
      const start = new Date('2026-03-01T00:00:00Z');
      const late = new Date(start.getTime() + 8 * DAY);
      await tx((q) => setLimit(q, p.playerId, 'DEPOSIT', 'MONTH', 1_000_000, start));
      expect(await tx((q) => setLimit(q, p.playerId, 'DEPOSIT', 'MONTH', null, start))).toBe('PENDING');
      await expect(
        tx((q) => confirmLimitChange(q, p.playerId, 'DEPOSIT', 'MONTH', late)),
      ).rejects.toMatchObject({ code: 'LIMIT_CHANGE_LAPSED' });
      expect(await currentLimits(t.ctx.db, p.playerId, late)).toEqual([
        expect.objectContaining({ amount: 1_000_000, pending: null }),
      ]);
      // A stricter limit replaces the lapsed change; then nothing waits for confirmation.
      await tx((q) => setLimit(q, p.playerId, 'DEPOSIT', 'MONTH', 900_000, late));
      await expect(
        tx((q) => confirmLimitChange(q, p.playerId, 'DEPOSIT', 'MONTH', late)),
      ).rejects.toMatchObject({ code: 'LIMIT_CHANGE_NOT_PENDING' });
    });

    it('refuses a deposit over the deposit limit with the remaining allowance', async () => {
      const p = await fundedPlayer(t.app); // 100,000 LAK deposited
      await tx((q) => setLimit(q, p.playerId, 'DEPOSIT', 'DAY', 250_000, new Date()));
      const refused = await createDeposit(t.app, p.cookie, { amount: 200_000 });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'DEPOSIT_LIMIT_EXCEEDED',
        details: [
          { field: 'period', message: 'DAY' },
          { field: 'limit', message: '250000' },
          { field: 'remaining', message: '150000' },
        ],
      });
      expect((await createDeposit(t.app, p.cookie, { amount: 150_000 })).status).toBe(201);
    });

    it('refuses a deposit over the loss limit: deposits minus paid-out withdrawals', async () => {
      const p = await fundedPlayer(t.app); // 100,000 LAK deposited
      await tx((q) => setLimit(q, p.playerId, 'LOSS', 'DAY', 150_000, new Date()));
      const refused = await createDeposit(t.app, p.cookie, { amount: 100_000 });
      expect(refused).toMatchObject({
        status: 409,
        body: {
          code: 'LOSS_LIMIT_EXCEEDED',
          details: expect.arrayContaining([{ field: 'remaining', message: '50000' }]),
        },
      });
      // 100 THB withdrawn pays 64,000 LAK: the loss falls to 36,000, leaving 114,000.
      const w = await createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: p.account.id,
        credit: 10_000,
      });
      expect(
        (await ops('withdrawals', 'approve', w.body.order.code, ...(await asTester(t.ctx.db)))).code,
      ).toBe(0);
      expect((await createDeposit(t.app, p.cookie, { amount: 120_000 })).body).toMatchObject({
        code: 'LOSS_LIMIT_EXCEEDED',
        details: expect.arrayContaining([{ field: 'remaining', message: '114000' }]),
      });
      expect((await createDeposit(t.app, p.cookie, { amount: 114_000 })).status).toBe(201);
    });
  });

  describe('exclusions', () => {
    it('during a time-out refuses deposit, claim and launch, but allows withdrawing and history', async () => {
      const p = await fundedPlayer(t.app);
      const promotionId = (await promotions(p.cookie)).body.promotions[0].id as string;
      const exclusion = await tx((q) => takeTimeOut(q, p.playerId, 1, new Date()));
      const refusal = {
        code: 'PLAYER_TIMED_OUT',
        details: [{ field: 'endsAt', message: exclusion.endsAt.toISOString() }],
      };

      expect(await createDeposit(t.app, p.cookie)).toMatchObject({ status: 403, body: refusal });
      expect(await claim(p.cookie, promotionId)).toMatchObject({ status: 403, body: refusal });
      expect(await launch(p.cookie)).toMatchObject({ status: 403, body: refusal });

      const w = await createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: p.account.id,
        credit: 10_000,
      });
      expect(w.status).toBe(201);
      const history = await call(t.app, 'listWithdraws', 'GET', '/api/v2/withdraws', { cookie: p.cookie });
      expect(history.body.items).toEqual([expect.objectContaining({ code: w.body.order.code })]);
    });

    it('ends a time-out at its time', async () => {
      const p = await registerAndLogin(t.app);
      const now = new Date('2026-03-01T00:00:00Z');
      await tx((q) => takeTimeOut(q, p.playerId, 7, now));
      expect(
        await exclusionInForce(t.ctx.db, p.playerId, new Date(now.getTime() + 7 * DAY - 1)),
      ).toMatchObject({
        kind: 'TIME_OUT',
      });
      expect(await exclusionInForce(t.ctx.db, p.playerId, new Date(now.getTime() + 7 * DAY))).toBeNull();
    });

    it('self-exclusion revokes every session, hides promotions and refuses deposits', async () => {
      const p = await registerAndLogin(t.app);
      const second = await login(p.username);
      expect((await promotions(p.cookie)).body.promotions.length).toBeGreaterThan(0);

      const exclusion = await tx((q) => selfExclude(q, p.playerId, 6, new Date()));
      expect(exclusion.endsAt.getTime() - Date.now()).toBeGreaterThan(180 * DAY);
      for (const cookie of [p.cookie, second])
        expect(
          (await call(t.app, 'getPlayerCredit', 'GET', '/api/v2/players/credits/alphabet', { cookie }))
            .status,
        ).toBe(401);

      // Signed in again (the next session limits what login allows): no promotions, no deposit.
      const again = await login(p.username);
      expect((await promotions(again)).body.promotions).toEqual([]);
      expect(await createDeposit(t.app, again)).toMatchObject({
        status: 403,
        body: { code: 'PLAYER_SELF_EXCLUDED' },
      });
    });

    it('is never shortened, not even directly in the database', async () => {
      const p = await registerAndLogin(t.app);
      const now = new Date();
      await tx((q) => takeTimeOut(q, p.playerId, 30, now));
      await expect(tx((q) => takeTimeOut(q, p.playerId, 7, now))).rejects.toMatchObject({
        code: 'EXCLUSION_NOT_SHORTENED',
      });
      const extended = await tx((q) => takeTimeOut(q, p.playerId, 42, now));
      expect(extended.endsAt).toEqual(new Date(now.getTime() + 42 * DAY));
      await expect(
        t.ctx.db.query(
          `UPDATE player_exclusions SET ends_at = ends_at - interval '1 day' WHERE player_id = $1`,
          [p.playerId],
        ),
      ).rejects.toThrow(/only be extended/);
      await expect(
        t.ctx.db.query('DELETE FROM player_exclusions WHERE player_id = $1', [p.playerId]),
      ).rejects.toThrow(/only be extended/);
    });
  });

  describe('operator commands', () => {
    it('shows, sets limits and exclusions; refuses to shorten an exclusion', async () => {
      const p = await registerAndLogin(t.app);
      expect(await ops('players', 'show', p.username)).toEqual({
        code: 0,
        out: `player ${p.username} ACTIVE\n0 limit(s), 0 exclusion(s) in force`,
      });
      expect(await ops('players', 'limits', p.username, 'deposit', 'week', '300000')).toEqual({
        code: 0,
        out: `${p.username} DEPOSIT WEEK limit: 300000 LAK`,
      });
      expect((await ops('players', 'limits', p.username, 'deposit', 'week', 'none')).out).toContain(
        'PENDING',
      );
      expect(await ops('players', 'limits', p.username, 'play-time', 'day', '90')).toEqual({
        code: 0,
        out: `${p.username} PLAY_TIME DAY limit: 90 min`,
      });
      expect((await ops('players', 'limits', p.username, 'play-time', 'week', '90')).code).toBe(1);
      expect(await ops('players', 'exclusions', p.username, 'timeout', '30d')).toMatchObject({
        code: 0,
        out: expect.stringContaining('TIME_OUT until'),
      });
      expect(await ops('players', 'exclusions', p.username, 'timeout', '24h')).toMatchObject({
        code: 1,
        out: expect.stringContaining('never shortened'),
      });

      const shown = (await ops('players', 'show', p.username)).out.split('\n');
      expect(shown[1]).toMatch(/^limit DEPOSIT WEEK {2}300000 LAK {2}pending removal, confirmable /);
      expect(shown[2]).toBe('limit PLAY_TIME DAY   90 min');
      expect(shown[3]).toMatch(/^exclusion TIME_OUT/);
      expect(shown[4]).toBe('2 limit(s), 1 exclusion(s) in force');

      expect(await ops('players', 'exclusions', p.username, 'self-exclude', '1y')).toMatchObject({
        code: 0,
        out: expect.stringContaining('SELF_EXCLUSION until'),
      });
      expect(await ops('players', 'exclusions', p.username, 'self-exclude', '6m')).toMatchObject({ code: 1 });
    });

    it('answers malformed commands with exit code 2 and an unknown player with 1', async () => {
      const p = await registerAndLogin(t.app);
      expect((await ops('players', 'limits', p.username, 'deposit', 'year', '1')).code).toBe(2);
      expect((await ops('players', 'limits', p.username, 'deposit', 'day', '-5')).code).toBe(2);
      expect((await ops('players', 'exclusions', p.username, 'timeout', '43d')).code).toBe(2);
      expect((await ops('players', 'exclusions', p.username, 'self-exclude', '3y')).code).toBe(2);
      expect(await ops('players', 'show', 'nobody_here')).toMatchObject({
        code: 1,
        out: expect.stringContaining('ACCOUNT_NOT_FOUND'),
      });
    });
  });
});
