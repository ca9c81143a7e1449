import { bookGameResults } from '../src/domain/ledger/accounts';
import { addPlayTime, playDay, playDayEndsAt } from '../src/domain/players/playTime';
import { assertMayPlay } from '../src/domain/protection/protectionChecks';
import { deviceName } from '../src/domain/players/deviceName';
import { runOps } from '../src/ops/commands';
import {
  cookieFrom,
  createTestApp,
  jsonHeaders,
  registerAndLogin,
  TEST_PASSWORD,
  type TestApp,
} from './helpers';
import { addAccount, call, createDeposit, createWithdraw, fundedPlayer } from './moneyFixtures';
import { asTester } from './testApprover';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The player API of docs/protection.md, as the web app and any other client call it. */
describe('player protection API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function login(
    username: string,
    userAgent = 'jest',
  ): Promise<{ status: number; body: Record<string, unknown>; cookie: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/login',
      headers: { ...jsonHeaders(), 'user-agent': userAgent },
      payload: { username, password: TEST_PASSWORD },
    });
    return { status: res.statusCode, body: res.json(), cookie: cookieFrom(res.headers['set-cookie']) };
  }

  const protection = (cookie: string) =>
    call(t.app, 'getProtection', 'GET', '/api/v2/players/protection', { cookie });
  const setLimit = (cookie: string, payload: unknown) =>
    call(t.app, 'setLimit', 'PUT', '/api/v2/players/protection/limits', { cookie, payload });
  const confirm = (cookie: string, payload: unknown) =>
    call(t.app, 'confirmLimit', 'POST', '/api/v2/players/protection/limits/confirm', { cookie, payload });
  const launch = (cookie: string) =>
    call(t.app, 'launchGame', 'POST', '/api/v2/games/launch', {
      cookie,
      payload: { provider: 'alphabet', gameId: 'alp-slot-003' },
    });
  const credits = (cookie: string) =>
    call(t.app, 'getPlayerCredits', 'GET', '/api/v2/players/credits', { cookie });

  describe('limits', () => {
    it('applies a deposit limit at once, counts what is used, and refuses the deposit over it', async () => {
      const p = await fundedPlayer(t.app); // 100,000 LAK deposited
      const set = await setLimit(p.cookie, { kind: 'DEPOSIT', period: 'DAY', amount: 150_000 });
      expect(set).toMatchObject({
        status: 200,
        body: { outcome: 'APPLIED', limit: { amount: 150_000, used: 100_000, pending: null } },
      });
      expect((await protection(p.cookie)).body.limits).toEqual([
        expect.objectContaining({ kind: 'DEPOSIT', period: 'DAY', amount: 150_000, used: 100_000 }),
      ]);
      expect(await createDeposit(t.app, p.cookie, { amount: 60_000 })).toMatchObject({
        status: 409,
        body: {
          code: 'DEPOSIT_LIMIT_EXCEEDED',
          details: expect.arrayContaining([{ field: 'remaining', message: '50000' }]),
        },
      });
    });

    it('holds a raise for 24 h with its own refusal, then applies it on confirmation', async () => {
      const p = await registerAndLogin(t.app);
      await setLimit(p.cookie, { kind: 'LOSS', period: 'WEEK', amount: 100_000 });
      const raised = await setLimit(p.cookie, { kind: 'LOSS', period: 'WEEK', amount: 400_000 });
      expect(raised.body).toMatchObject({
        outcome: 'PENDING',
        limit: { amount: 100_000, pending: { amount: 400_000 } },
      });
      const { requestedAt, confirmableFrom, confirmableUntil } = raised.body.limit.pending;
      expect(Date.parse(confirmableFrom) - Date.parse(requestedAt)).toBe(24 * HOUR);
      expect(Date.parse(confirmableUntil) - Date.parse(confirmableFrom)).toBe(7 * 24 * HOUR);

      expect(await confirm(p.cookie, { kind: 'LOSS', period: 'WEEK' })).toMatchObject({
        status: 409,
        body: {
          code: 'LIMIT_CHANGE_TOO_EARLY',
          details: [{ field: 'confirmableFrom', message: confirmableFrom }],
        },
      });
      // The clock of the rule is the row's window: move the window instead of waiting a day.
      await t.ctx.db.query(
        `UPDATE player_limits SET pending_confirmable_from = now() - interval '1 minute'
         WHERE player_id = $1 AND kind = 'LOSS'`,
        [p.playerId],
      );
      expect(await confirm(p.cookie, { kind: 'LOSS', period: 'WEEK' })).toMatchObject({
        status: 200,
        body: { limit: { amount: 400_000, pending: null } },
      });
      expect(await confirm(p.cookie, { kind: 'LOSS', period: 'WEEK' })).toMatchObject({
        status: 409,
        body: { code: 'LIMIT_CHANGE_NOT_PENDING' },
      });
    });

    it('cancelling a deposit and opening another never makes room under a limit', async () => {
      const p = await registerAndLogin(t.app);
      await addAccount(t.app, p.cookie);
      await setLimit(p.cookie, { kind: 'DEPOSIT', period: 'DAY', amount: 150_000 });
      const first = await createDeposit(t.app, p.cookie, { amount: 100_000 });
      expect(first.status).toBe(201);
      const cancelled = await call(
        t.app,
        'cancelDeposit',
        'POST',
        `/api/v2/deposits/${first.body.order.code}/cancel`,
        {
          cookie: p.cookie,
        },
      );
      expect(cancelled.status).toBe(200);
      // Its QR may still be paid (a payment is always credited): it counts until it expires.
      expect(await createDeposit(t.app, p.cookie, { amount: 100_000 })).toMatchObject({
        status: 409,
        body: {
          code: 'DEPOSIT_LIMIT_EXCEEDED',
          details: expect.arrayContaining([{ field: 'remaining', message: '50000' }]),
        },
      });
    });

    it('answers malformed limits with a validation error and changes nothing', async () => {
      const p = await registerAndLogin(t.app);
      for (const payload of [
        { kind: 'PLAY_TIME', period: 'WEEK', amount: 60 },
        { kind: 'PLAY_TIME', period: 'DAY', amount: 10 },
        { kind: 'DEPOSIT', period: 'DAY', amount: 0 },
        { kind: 'DEPOSIT', period: 'DAY', amount: 1.5 },
        { kind: 'DEPOSIT', period: 'YEAR', amount: 5 },
        { kind: 'DEPOSIT', period: 'DAY' },
      ])
        expect(await setLimit(p.cookie, payload)).toMatchObject({
          status: 400,
          body: { code: 'VALIDATION_ERROR' },
        });
      expect((await protection(p.cookie)).body.limits).toEqual([]);
    });
  });

  describe('time-out and self-exclusion', () => {
    it('a time-out refuses deposits and launches, allows withdrawal, rides along at login, and is not shortened', async () => {
      const p = await fundedPlayer(t.app);
      const taken = await call(t.app, 'takeTimeOut', 'POST', '/api/v2/players/protection/time-out', {
        cookie: p.cookie,
        payload: { days: 7 },
      });
      expect(taken).toMatchObject({ status: 200, body: { exclusion: { kind: 'TIME_OUT' } } });
      const { endsAt } = taken.body.exclusion;
      expect(Date.parse(endsAt) - Date.parse(taken.body.exclusion.startsAt)).toBe(7 * 24 * HOUR);

      expect((await createDeposit(t.app, p.cookie)).body.code).toBe('PLAYER_TIMED_OUT');
      expect((await launch(p.cookie)).body.code).toBe('PLAYER_TIMED_OUT');
      expect(
        (
          await createWithdraw(t.app, p.cookie, {
            provider: 'alphabet',
            bankAccountId: p.account.id,
            credit: 10_000,
          })
        ).status,
      ).toBe(201);
      expect((await protection(p.cookie)).body.exclusion).toEqual(taken.body.exclusion);

      const again = await login(p.username);
      expect(again.body.restriction).toEqual(taken.body.exclusion);
      const profile = await call(t.app, 'getPlayerProfile', 'GET', '/api/v2/players/profile', {
        cookie: again.cookie,
      });
      expect(profile.body.restriction).toEqual(taken.body.exclusion);

      expect(
        await call(t.app, 'takeTimeOut', 'POST', '/api/v2/players/protection/time-out', {
          cookie: p.cookie,
          payload: { days: 1 },
        }),
      ).toMatchObject({
        status: 409,
        body: { code: 'EXCLUSION_NOT_SHORTENED', details: [{ field: 'endsAt', message: endsAt }] },
      });
      expect(
        (
          await call(t.app, 'takeTimeOut', 'POST', '/api/v2/players/protection/time-out', {
            cookie: p.cookie,
            payload: { days: 43 },
          })
        ).status,
      ).toBe(400);
    });

    it('a deposit opened before a time-out and paid during it is paid back, and its promotion ends', async () => {
      const p = await registerAndLogin(t.app);
      await addAccount(t.app, p.cookie);
      const listed = await call(t.app, 'listPromotions', 'GET', '/api/v2/promotions', { cookie: p.cookie });
      const promotionId = listed.body.promotions[0].id as string;
      const claimed = await call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
        cookie: p.cookie,
        payload: { promotionId, providerId: 'alphabet' },
      });
      expect(claimed.status).toBe(200);
      const opened = await createDeposit(t.app, p.cookie, { amount: 100_000 });
      expect(opened.status).toBe(201);

      await call(t.app, 'takeTimeOut', 'POST', '/api/v2/players/protection/time-out', {
        cookie: p.cookie,
        payload: { days: 1 },
      });
      const paid = await call(t.app, 'paySandboxQr', 'POST', '/api/v2/sandbox/bank/pay', {
        payload: { qrText: opened.body.qr.qrText },
      });
      expect(paid.status).toBe(200);
      expect((await credits(p.cookie)).body.credits[0]).toEqual({
        provider: 'alphabet',
        credit: { amount: '0.00', currency: 'THB' },
      });
      const history = await call(t.app, 'listDeposits', 'GET', '/api/v2/deposits', { cookie: p.cookie });
      expect(history.body.items[0]).toMatchObject({
        code: opened.body.order.code,
        status: 'REJECTED',
        returned: { reason: 'PLAYER_TIMED_OUT', stage: 'PAID' },
      });
      const usage = await call(
        t.app,
        'getCurrentPromotion',
        'GET',
        '/api/v2/players/promotions/using?lang=lo',
        {
          cookie: p.cookie,
        },
      );
      expect(usage.body.usage).toBeNull();
    });

    it('self-exclusion ends every session at once; login then allows only withdrawing', async () => {
      const p = await fundedPlayer(t.app);
      const other = await login(p.username, 'other phone');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/players/protection/self-exclusion',
        headers: jsonHeaders(p.cookie),
        payload: { months: 6 },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      expect(res.json().exclusion.kind).toBe('SELF_EXCLUSION');
      for (const cookie of [p.cookie, other.cookie]) expect((await credits(cookie)).status).toBe(401);

      const back = await login(p.username);
      expect(back.status).toBe(200);
      expect(back.body.restriction).toMatchObject({ kind: 'SELF_EXCLUSION' });
      expect((await launch(back.cookie)).body.code).toBe('PLAYER_SELF_EXCLUDED');
      expect((await createDeposit(t.app, back.cookie)).body.code).toBe('PLAYER_SELF_EXCLUDED');
      expect(
        (
          await createWithdraw(t.app, back.cookie, {
            provider: 'alphabet',
            bankAccountId: p.account.id,
            credit: 10_000,
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await call(t.app, 'selfExclude', 'POST', '/api/v2/players/protection/self-exclusion', {
            cookie: back.cookie,
            payload: { months: 3 },
          })
        ).status,
      ).toBe(400);
    });
  });

  describe('play time and reality checks', () => {
    it('days run from midnight to midnight in Vientiane (UTC+7)', () => {
      expect(playDay(new Date('2026-03-01T16:59:59Z'))).toBe('2026-03-01');
      expect(playDay(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
      expect(playDayEndsAt(new Date('2026-03-01T10:00:00Z'))).toEqual(new Date('2026-03-01T17:00:00Z'));
      expect(playDayEndsAt(new Date('2026-03-01T17:00:00Z'))).toEqual(new Date('2026-03-02T17:00:00Z'));
    });

    it('a daily play-time limit ends the session that reaches it and refuses launches until the next day', async () => {
      const p = await fundedPlayer(t.app);
      expect((await setLimit(p.cookie, { kind: 'PLAY_TIME', period: 'DAY', amount: 30 })).body.outcome).toBe(
        'APPLIED',
      );
      expect((await launch(p.cookie)).status).toBe(200);

      // 29 minutes already played today; the session was last active 2 minutes ago: its next request reaches 31.
      await addPlayTime(t.ctx.db, p.playerId, 29 * 60, new Date());
      await t.ctx.db.query(
        `UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE player_id = $1`,
        [p.playerId],
      );
      expect((await credits(p.cookie)).status).toBe(401);

      // A new session (to withdraw or read history) is not ended again, but no game opens today.
      const back = await login(p.username);
      expect((await credits(back.cookie)).status).toBe(200);
      const refused = await launch(back.cookie);
      expect(refused).toMatchObject({ status: 403, body: { code: 'PLAY_TIME_LIMIT_REACHED' } });
      const until = refused.body.details.find((d: { field: string }) => d.field === 'until').message;
      expect(until).toBe(playDayEndsAt(new Date()).toISOString());
      const summary = await call(t.app, 'getSessionSummary', 'GET', '/api/v2/players/protection/session', {
        cookie: back.cookie,
      });
      expect(summary.body).toMatchObject({ playTimeLimitMinutes: 30 });
      expect(summary.body.playedTodaySeconds).toBeGreaterThanOrEqual(31 * 60);

      // The next play day starts at zero.
      await expect(
        assertMayPlay(t.ctx.db, p.playerId, new Date(Date.parse(until) + 1000)),
      ).resolves.toBeUndefined();
    });

    it('requests arriving together count the time since the last one once', async () => {
      const p = await registerAndLogin(t.app);
      await t.ctx.db.query(
        `UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE player_id = $1`,
        [p.playerId],
      );
      await Promise.all([1, 2, 3, 4].map(() => credits(p.cookie)));
      const played = (await protection(p.cookie)).body.playedTodaySeconds as number;
      expect(played).toBeGreaterThanOrEqual(600);
      expect(played).toBeLessThan(700);
    });

    it('stores the reminder interval and sums up the session: time and net game result', async () => {
      const p = await fundedPlayer(t.app);
      const set = (minutes: unknown) =>
        call(t.app, 'setRealityCheck', 'PUT', '/api/v2/players/protection/reality-check', {
          cookie: p.cookie,
          payload: { minutes },
        });
      expect(await set(30)).toMatchObject({ status: 200, body: { realityCheckMinutes: 30 } });
      expect((await protection(p.cookie)).body.realityCheckMinutes).toBe(30);
      expect((await set(20)).status).toBe(400);
      expect((await set(null)).body.realityCheckMinutes).toBeNull();

      // A provider reports 35.00 THB lost this session (a later answer than the wallet's own: more stakes).
      await t.ctx.db.tx((q) =>
        bookGameResults(q, p.playerId, 'alphabet', { roundResults: -3500, betsTotal: 5000 }),
      );
      const summary = await call(t.app, 'getSessionSummary', 'GET', '/api/v2/players/protection/session', {
        cookie: p.cookie,
      });
      expect(summary).toMatchObject({ status: 200, body: { net: '-35.00', playTimeLimitMinutes: null } });
      expect(summary.body.playedSeconds).toBeGreaterThanOrEqual(0);
    });
  });

  describe('account activity', () => {
    it('sums deposits, withdrawals, bonuses and the game result per provider over whole days', async () => {
      const p = await fundedPlayer(t.app); // 100,000 LAK → 153.84 THB
      const w = await createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: p.account.id,
        credit: 10_000,
      });
      expect(
        (await runOps(t.ctx, ['withdrawals', 'approve', w.body.order.code, ...(await asTester(t.ctx.db))]))
          .exitCode,
      ).toBe(0);
      await t.ctx.db.tx((q) =>
        bookGameResults(q, p.playerId, 'alphabet', { roundResults: 1250, betsTotal: 4000 }),
      );

      const today = playDay(new Date());
      // Besides the session's own, the figures are one statement (one round trip to the database).
      const queries = jest.spyOn(t.ctx.db, 'query');
      const res = await call(
        t.app,
        'getStatement',
        'GET',
        `/api/v2/players/statement?from=${today}&to=${today}`,
        {
          cookie: p.cookie,
        },
      );
      const statements = queries.mock.calls.filter(([sql]) => !String(sql).includes('sessions'));
      queries.mockRestore();
      expect(statements).toHaveLength(1);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        deposits: { count: 1, amount: 100_000, credit: '153.84' },
        withdrawals: { count: 1, amount: 64_000, credit: '100.00' },
        bonuses: '0.00',
        net: '12.50',
      });
      expect(res.body.providers).toEqual([
        { provider: 'alphabet', net: '12.50' },
        { provider: 'askmebet', net: '0.00' },
        { provider: 'gclub', net: '0.00' },
        { provider: 'gclub_live', net: '0.00' },
      ]);

      const empty = await call(
        t.app,
        'getStatement',
        'GET',
        '/api/v2/players/statement?from=2025-01-01&to=2025-01-31',
        {
          cookie: p.cookie,
        },
      );
      expect(empty.body).toMatchObject({ deposits: { count: 0, amount: 0, credit: '0.00' }, net: '0.00' });
    });

    it('refuses a period that is not one', async () => {
      const p = await registerAndLogin(t.app);
      for (const query of [
        'from=2026-03-02&to=2026-03-01',
        'from=2025-01-01&to=2026-03-01',
        'from=2026-02-30&to=2026-03-01',
        'from=x&to=2026-03-01',
        'to=2026-03-01',
      ])
        expect(
          await call(t.app, 'getStatement', 'GET', `/api/v2/players/statement?${query}`, {
            cookie: p.cookie,
          }),
        ).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    });
  });

  describe('sessions', () => {
    const ANDROID_CHROME =
      'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
    const IPHONE_SAFARI =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

    it('names devices from their user agent', () => {
      expect(deviceName(ANDROID_CHROME)).toBe('Chrome · Android');
      expect(deviceName(IPHONE_SAFARI)).toBe('Safari · iPhone');
      expect(
        deviceName(
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0',
        ),
      ).toBe('Edge · Windows');
      expect(deviceName('')).toBe('');
    });

    it('lists this session first with the previous login, ends one or all others', async () => {
      const p = await registerAndLogin(t.app);
      const phone = await login(p.username, ANDROID_CHROME);
      const tablet = await login(p.username, IPHONE_SAFARI);
      const list = await call(t.app, 'listSessions', 'GET', '/api/v2/players/sessions', {
        cookie: phone.cookie,
      });
      expect(list.status).toBe(200);
      expect(list.body.previousLoginAt).not.toBe('0001-01-01T00:00:00Z');
      expect(list.body.sessions).toHaveLength(3);
      expect(list.body.sessions[0]).toMatchObject({ device: 'Chrome · Android', current: true });
      expect(list.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

      const tabletId = list.body.sessions.find((s: { device: string }) => s.device === 'Safari · iPhone').id;
      expect(
        await call(t.app, 'endSession', 'DELETE', `/api/v2/players/sessions/${tabletId}`, {
          cookie: phone.cookie,
        }),
      ).toMatchObject({
        status: 200,
      });
      expect((await credits(tablet.cookie)).status).toBe(401);
      expect(
        await call(t.app, 'endSession', 'DELETE', `/api/v2/players/sessions/${tabletId}`, {
          cookie: phone.cookie,
        }),
      ).toMatchObject({ status: 404, body: { code: 'SESSION_NOT_FOUND' } });

      expect(
        await call(t.app, 'endOtherSessions', 'POST', '/api/v2/players/sessions/end-others', {
          cookie: phone.cookie,
        }),
      ).toMatchObject({
        status: 200,
        body: { ended: 1 },
      });
      expect((await credits(p.cookie)).status).toBe(401);
      expect((await credits(phone.cookie)).status).toBe(200);
    });

    it("never ends another player's session", async () => {
      const a = await registerAndLogin(t.app);
      const b = await registerAndLogin(t.app);
      const bId = (await call(t.app, 'listSessions', 'GET', '/api/v2/players/sessions', { cookie: b.cookie }))
        .body.sessions[0].id;
      expect(
        (await call(t.app, 'endSession', 'DELETE', `/api/v2/players/sessions/${bId}`, { cookie: a.cookie }))
          .status,
      ).toBe(404);
      expect((await credits(b.cookie)).status).toBe(200);
      expect(
        (
          await call(t.app, 'endSession', 'DELETE', '/api/v2/players/sessions/not-an-id', {
            cookie: a.cookie,
          })
        ).status,
      ).toBe(400);
    });
  });
});
