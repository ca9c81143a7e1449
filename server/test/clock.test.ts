import { periodOf, vientianeDay } from '@core/rewardPeriods';
import { settleDueRewards } from '../src/domain/operations/rewardRuns';
import { updateCashbackSettings, updateCheckInSettings } from '../src/domain/rewards/rewardSettings';
import { toIso } from '../src/db/values';
import { runOps } from '../src/ops/commands';
import { playTestRound } from '../src/sandbox/provider/wallets';
import { cookieFrom, createTestApp, jsonHeaders, TEST_PASSWORD, type TestApp } from './helpers';
import { call, credit, depositAndPay, fundedPlayer, idemKey } from './moneyFixtures';

/**
 * The server's one clock (server/src/clock.ts), moved instead of waited for: the periods and waits of
 * docs/rewards.md and docs/protection.md run on it in JavaScript and in SQL alike. The clock only moves
 * forward here, so each test starts from where the last one left it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true', SESSION_IDLE_MINUTES: '30' } });
});
afterAll(() => t.close());

/** Signs the player in again: a move of the clock past the session's idle time ends it, as waiting would. */
async function signIn(p: { username: string; cookie: string }): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/players/login',
    headers: jsonHeaders(),
    payload: { username: p.username, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  p.cookie = cookieFrom(res.headers['set-cookie']);
}

/** Moves the clock to `minutes` after the next Vientiane midnight, or the next Monday's with `week`. */
async function toNext(kind: 'DAY' | 'WEEK', minutes = 5): Promise<Date> {
  const period = periodOf(kind, t.clock.now());
  return t.clock.setTo(new Date(period.end.getTime() + minutes * MINUTE));
}

test("moves the server's time and its SQL's together, and only in a sandbox's hands", async () => {
  const before = t.clock.now().getTime();
  await t.clock.advance(2 * HOUR);
  const sql = await t.ctx.db.query<{ now: unknown }>('SELECT app_now() AS now');
  const moved = new Date(
    String(sql.rows[0]!.now instanceof Date ? (sql.rows[0]!.now as Date).toISOString() : sql.rows[0]!.now),
  );
  expect(moved.getTime() - before).toBeGreaterThanOrEqual(2 * HOUR);
  expect(Math.abs(moved.getTime() - t.clock.now().getTime())).toBeLessThan(5_000);
  // Rows are written at the clock's time.
  const p = await fundedPlayer(t.app);
  const row = await t.ctx.db.query<{ created_at: unknown }>('SELECT created_at FROM players WHERE id = $1', [
    p.playerId,
  ]);
  expect(new Date(toIso(row.rows[0]!.created_at)).getTime()).toBeGreaterThanOrEqual(
    before + 2 * HOUR - 5_000,
  );

  const shown = await runOps(t.ctx, ['clock', 'show']);
  expect(shown.output).toMatch(/moved {5}2(\.\d+)? h/);
  const production = { ...t.ctx, config: { ...t.ctx.config, sandbox: false } };
  const refused = await runOps(production, ['clock', 'advance', '1h']);
  expect(refused.exitCode).toBe(1);
  expect(refused.output).toContain('SANDBOX_DISABLED');
  expect((await runOps(t.ctx, ['clock', 'advance', 'soon'])).exitCode).toBe(2);
});

test('a day of losses is paid back the next morning, a week of them the next Monday', async () => {
  const week = periodOf('WEEK', t.clock.now());
  await updateCashbackSettings(
    t.ctx.db,
    { enabled: true, period: 'DAY', rateBasisPoints: 500, minLoss: 10_000, payment: 'AUTO', turnover: 1 },
    week.start,
  );
  const p = await fundedPlayer(t.app);
  await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 12_000 });
  await credit(t.app, p.cookie);
  const day = periodOf('DAY', t.clock.now());
  // The job running at any time of that day pays nothing yet; the next morning it pays the day.
  expect(await settleDueRewards(t.ctx)).not.toMatchObject({ period: day.name });
  await toNext('DAY');
  expect(await settleDueRewards(t.ctx)).toMatchObject({ period: day.name, paid: 1, credited: 600 });

  // Weeks from the next Monday: a loss in that week is paid once it is over, and not before.
  await updateCashbackSettings(t.ctx.db, { period: 'WEEK' }, t.clock.now());
  await toNext('WEEK', 60);
  const q = await fundedPlayer(t.app);
  await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: q.playerId, bet: 14_000 });
  await credit(t.app, q.cookie);
  const lossWeek = periodOf('WEEK', t.clock.now());
  await t.clock.advance(DAY);
  await settleDueRewards(t.ctx);
  const paid = () =>
    t.ctx.db.query('SELECT 1 FROM cashback_payments WHERE player_id = $1 AND period_start = $2', [
      q.playerId,
      lossWeek.start.toISOString(),
    ]);
  expect((await paid()).rows).toHaveLength(0);
  await toNext('WEEK');
  expect(await settleDueRewards(t.ctx)).toMatchObject({ period: lossWeek.name, paid: 1, credited: 700 });
  expect((await paid()).rows).toHaveLength(1);
});

test('check-in days in a row make a streak, a missed day starts it again', async () => {
  await updateCheckInSettings(t.ctx.db, {
    enabled: true,
    dayReward: 500,
    streakDays: 7,
    streakBonus: 5_000,
    minDeposit: 100_000,
    minTurnover: 1_000,
    turnover: 0,
  });
  const p = await fundedPlayer(t.app);
  const checkIn = async () => {
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 1_000, win: 1_000 });
    const res = await call(t.app, 'claimCheckIn', 'POST', '/api/v2/rewards/check-in', {
      cookie: p.cookie,
      headers: { 'idempotency-key': idemKey() },
    });
    expect(res.status).toBe(200);
    return res.body.checkIn as { day: string; streak: number };
  };
  expect(await checkIn()).toMatchObject({ day: vientianeDay(t.clock.now()), streak: 1 });
  await toNext('DAY', 60);
  await signIn(p);
  await depositAndPay(t.app, p.cookie);
  expect(await checkIn()).toMatchObject({ day: vientianeDay(t.clock.now()), streak: 2 });
  await toNext('DAY', 60);
  await toNext('DAY', 60);
  await signIn(p);
  await depositAndPay(t.app, p.cookie);
  expect(await checkIn()).toMatchObject({ streak: 1 });
});

test('a looser deposit limit is confirmed only after its 24 hours, and lapses after its week', async () => {
  const p = await fundedPlayer(t.app);
  const setLimit = (amount: number) =>
    call(t.app, 'setLimit', 'PUT', '/api/v2/players/protection/limits', {
      cookie: p.cookie,
      payload: { kind: 'DEPOSIT', period: 'DAY', amount },
    });
  const confirm = () =>
    call(t.app, 'confirmLimit', 'POST', '/api/v2/players/protection/limits/confirm', {
      cookie: p.cookie,
      payload: { kind: 'DEPOSIT', period: 'DAY' },
    });
  expect((await setLimit(500_000)).body.outcome).toBe('APPLIED');
  expect((await setLimit(1_000_000)).body.outcome).toBe('PENDING');
  await t.clock.advance(23 * HOUR);
  await signIn(p);
  expect((await confirm()).body.code).toBe('LIMIT_CHANGE_TOO_EARLY');
  await t.clock.advance(HOUR + MINUTE);
  await signIn(p);
  const confirmed = await confirm();
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.limit).toMatchObject({ amount: 1_000_000, pending: null });

  expect((await setLimit(2_000_000)).body.outcome).toBe('PENDING');
  await t.clock.advance(8 * DAY + HOUR);
  await signIn(p);
  expect((await confirm()).body.code).toBe('LIMIT_CHANGE_LAPSED');
});

test('a session unused for longer than its idle time ends', async () => {
  const p = await fundedPlayer(t.app);
  const info = () => call(t.app, 'getPlayerInfo', 'GET', '/api/v2/players/info', { cookie: p.cookie });
  await t.clock.advance(29 * MINUTE);
  expect((await info()).status).toBe(200);
  await t.clock.advance(29 * MINUTE);
  expect((await info()).status).toBe(200);
  await t.clock.advance(31 * MINUTE);
  expect((await info()).status).toBe(401);
});
