import { periodOf, previousPeriod } from '@core/rewardPeriods';
import { checkInvariants, playerBalance } from '../src/domain/ledger/ledger';
import { deliverDue } from '../src/domain/money/outboxDelivery';
import { selfExclude, takeTimeOut } from '../src/domain/protection/exclusions';
import {
  dueCashbackPeriod,
  settleCashbackPeriod,
  settleDueRewards,
} from '../src/domain/operations/rewardRuns';
import {
  readCashbackSettings,
  updateCashbackSettings,
  updateCheckInSettings,
  updateReferralSettings,
} from '../src/domain/rewards/rewardSettings';
import { isPublicAddress } from '../src/domain/players/addresses';
import { claimReferralIn, referralOverview } from '../src/domain/rewards/referrals';
import { claimCheckInIn } from '../src/domain/rewards/checkIns';
import { runOps } from '../src/ops/commands';
import { playTestRound } from '../src/sandbox/provider/wallets';
import {
  cookieFrom,
  createTestApp,
  jsonHeaders,
  registerAndLogin,
  TEST_PASSWORD,
  uniqueUsername,
  type TestApp,
} from './helpers';
import {
  addAccount,
  call,
  credit,
  createWithdraw,
  depositAndPay,
  fundedPlayer,
  idemKey,
} from './moneyFixtures';

/**
 * Loss cashback (docs/rewards.md) as a player and the agency see it, with the clock injected: a period is
 * settled by handing the job a moment after its end.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(() => t.close());

const DAY_MS = 24 * 3_600_000;
const WEEK_MS = 7 * DAY_MS;
const AUTO = {
  enabled: true,
  rateBasisPoints: 500,
  period: 'WEEK',
  minLoss: 10_000,
  maxPayment: 500_000,
  turnover: 1,
  payment: 'AUTO',
} as const;

beforeEach(() => updateCashbackSettings(t.ctx.db, AUTO, t.clock.now()));

/** A funded player (153.84 THB at alphabet) who loses `loss` satang there; the loss is booked by a credit read. */
async function loser(loss: number) {
  const p = await fundedPlayer(t.app);
  await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: loss });
  await credit(t.app, p.cookie);
  return p;
}

const overview = async (cookie: string) => {
  const res = await call(t.app, 'getCashback', 'GET', '/api/v2/rewards/cashback', { cookie });
  expect(res.status).toBe(200);
  return res.body;
};

const cashbackTransfers = async (playerId: string) =>
  (
    await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transfers tr JOIN ledger_postings p ON p.transfer_id = tr.id
       JOIN ledger_accounts a ON a.id = p.account_id WHERE tr.kind = 'CASHBACK' AND a.player_id = $1`,
      [playerId],
    )
  ).rows[0]!.n;

describe('loss cashback', () => {
  it('shows the running week and pays 5 % of a losing week once, at the provider lost at, with its turnover', async () => {
    const p = await loser(12_000);
    const running = await overview(p.cookie);
    expect(running.current).toMatchObject({ net: -12_000, cashback: 600, reason: 'PAYS' });
    expect(running.current.providers).toContainEqual({ provider: 'alphabet', net: -12_000 });
    const week = periodOf('WEEK', new Date());
    expect(running.current.periodStart).toBe(week.start.toISOString());

    const later = new Date(Date.now() + WEEK_MS);
    const settled = await settleDueRewards(t.ctx, later);
    expect(settled).toMatchObject({ period: week.name, alreadyRun: false });
    expect(await playerBalance(t.ctx.db, p.playerId, 'alphabet')).toBe(15_384 - 12_000 + 600);
    // The provider gets the credit through the outbox.
    await deliverDue(t.ctx);
    expect((await t.ctx.adapters.providers.alphabet.wallet(p.playerId)).balance).toBe(3_984);

    // Run again by the job, by another runner, by the operator: nobody is paid twice.
    expect(await settleDueRewards(t.ctx, later)).toBeUndefined();
    expect((await settleCashbackPeriod(t.ctx, week, later)).alreadyRun).toBe(true);
    const ops = await runOps(t.ctx, ['rewards', 'run', week.name]);
    expect(ops.exitCode).toBe(2); // the week has not ended on the real clock
    expect(await cashbackTransfers(p.playerId)).toBe(1);

    const [payment] = (await overview(p.cookie)).payments;
    expect(payment).toMatchObject({ status: 'PAID', amount: 600, net: -12_000, provider: 'alphabet' });
    expect(payment).toMatchObject({ turnoverRequired: 600, turnoverDone: 0 });

    // Its turnover binds the credit at alphabet: no withdrawal and no move until 6 THB is staked there,
    // whatever else arrives there meanwhile.
    await depositAndPay(t.app, p.cookie);
    const refused = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: p.account.id,
      credit: 10_000,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('REWARD_TURNOVER_NOT_MET');
    expect(refused.body.details).toEqual([
      { field: 'turnoverRequired', message: '600' },
      { field: 'turnoverDone', message: '0' },
    ]);
    const move = await call(t.app, 'moveCredit', 'POST', '/api/v2/players/credits/move', {
      cookie: p.cookie,
      headers: { 'idempotency-key': idemKey() },
      payload: { from: 'alphabet', to: 'gclub', credit: 1_000 },
    });
    expect(move.body.code).toBe('REWARD_TURNOVER_NOT_MET');
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 600, win: 600 });
    const allowed = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: p.account.id,
      credit: 10_000,
    });
    expect(allowed.status).toBe(201);

    // The account statement shows the reward.
    const day = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const statement = await call(
      t.app,
      'getStatement',
      'GET',
      `/api/v2/players/statement?from=${day}&to=${day}`,
      {
        cookie: p.cookie,
      },
    );
    expect(statement.body.rewards).toBe('6.00');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('says why a player ahead, or below the minimum loss, gets none, and pays them nothing', async () => {
    const small = await loser(9_999);
    expect((await overview(small.cookie)).current).toMatchObject({ cashback: 0, reason: 'BELOW_MINIMUM' });
    const winner = await fundedPlayer(t.app);
    await playTestRound(t.ctx.db, {
      provider: 'alphabet',
      playerId: winner.playerId,
      bet: 1_000,
      win: 5_000,
    });
    await credit(t.app, winner.cookie);
    expect((await overview(winner.cookie)).current).toMatchObject({
      net: 4_000,
      cashback: 0,
      reason: 'NET_WIN',
    });
    await settleCashbackPeriod(t.ctx, periodOf('WEEK', new Date()), new Date(Date.now() + WEEK_MS));
    expect((await overview(small.cookie)).payments).toEqual([]);
    expect((await overview(winner.cookie)).payments).toEqual([]);
  });

  it('counts a result in the period it was booked in: yesterday pays nothing for today', async () => {
    await updateCashbackSettings(t.ctx.db, { period: 'DAY' }, t.clock.now());
    const p = await loser(12_000);
    const yesterday = previousPeriod(periodOf('DAY', new Date()));
    await settleCashbackPeriod(t.ctx, yesterday, new Date());
    expect(await cashbackTransfers(p.playerId)).toBe(0);
    await settleCashbackPeriod(t.ctx, periodOf('DAY', new Date()), new Date(Date.now() + WEEK_MS));
    expect(await cashbackTransfers(p.playerId)).toBe(1);
  });

  it('two runners at once pay each player once', async () => {
    const players = [await loser(12_000), await loser(14_000)];
    const week = periodOf('WEEK', new Date());
    const later = new Date(Date.now() + WEEK_MS);
    await Promise.all([settleCashbackPeriod(t.ctx, week, later), settleCashbackPeriod(t.ctx, week, later)]);
    for (const p of players) expect(await cashbackTransfers(p.playerId)).toBe(1);
    expect(await playerBalance(t.ctx.db, players[1]!.playerId, 'alphabet')).toBe(15_384 - 14_000 + 700);
  });

  it('pays nothing to a player in a time-out or self-exclusion when the period ends, and shows it paused', async () => {
    const timedOut = await loser(12_000);
    const excluded = await loser(12_000);
    const later = new Date(Date.now() + WEEK_MS);
    await t.ctx.db.tx((q) => takeTimeOut(q, timedOut.playerId, 30, new Date()));
    expect((await overview(timedOut.cookie)).current).toMatchObject({ cashback: 0, reason: 'PAUSED' });
    await t.ctx.db.tx((q) => selfExclude(q, excluded.playerId, 6, new Date()));
    await settleCashbackPeriod(t.ctx, periodOf('WEEK', new Date()), later);
    expect(await cashbackTransfers(timedOut.playerId)).toBe(0);
    expect(await cashbackTransfers(excluded.playerId)).toBe(0);
    const [withheld] = (await overview(timedOut.cookie)).payments;
    expect(withheld).toMatchObject({ status: 'WITHHELD_TIME_OUT', paidAt: '0001-01-01T00:00:00Z' });
  });

  it('paid on claim: waits 7 days for the player, is claimed once, and is refused in a time-out', async () => {
    await updateCashbackSettings(t.ctx.db, { payment: 'CLAIM', period: 'DAY' }, t.clock.now());
    const p = await loser(15_000);
    const other = await loser(15_000);
    await settleCashbackPeriod(t.ctx, periodOf('DAY', new Date()), new Date(Date.now() + 60_000), {
      early: true,
    });
    const [waiting] = (await overview(p.cookie)).payments;
    expect(waiting).toMatchObject({ status: 'CLAIMABLE', amount: 750 });
    expect(Date.parse(waiting.claimUntil)).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
    expect(await cashbackTransfers(p.playerId)).toBe(0);

    const claim = (cookie: string, id: string, key = idemKey()) =>
      call(t.app, 'claimCashback', 'POST', `/api/v2/rewards/cashback/${id}/claim`, {
        cookie,
        headers: { 'idempotency-key': key },
      });
    // Nobody claims another player's cashback.
    expect((await claim(other.cookie, waiting.id)).body.code).toBe('REWARD_NOT_FOUND');
    const key = idemKey();
    const claimed = await claim(p.cookie, waiting.id, key);
    expect(claimed.status).toBe(200);
    expect(claimed.body.payment).toMatchObject({ status: 'PAID', amount: 750, turnoverRequired: 750 });
    expect((await claim(p.cookie, waiting.id, key)).status).toBe(200); // a replay of the same request
    expect((await claim(p.cookie, waiting.id)).body.code).toBe('REWARD_NOT_CLAIMABLE');
    expect(await cashbackTransfers(p.playerId)).toBe(1);
    expect(await playerBalance(t.ctx.db, p.playerId, 'alphabet')).toBe(15_384 - 15_000 + 750);

    const [otherWaiting] = (await overview(other.cookie)).payments;
    await t.ctx.db.tx((q) => takeTimeOut(q, other.playerId, 1, new Date()));
    const refused = await claim(other.cookie, otherWaiting.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_TIMED_OUT');
    expect(await cashbackTransfers(other.playerId)).toBe(0);
  });

  it('pays each loss once whatever periods hold it: a day paid, then its week, pays nothing more and says why', async () => {
    const p = await loser(12_000);
    const today = periodOf('DAY', new Date());
    const week = periodOf('WEEK', new Date());
    await settleCashbackPeriod(t.ctx, today, new Date(Date.now() + WEEK_MS), { playerId: p.playerId });
    expect(await cashbackTransfers(p.playerId)).toBe(1);

    // The operator runs the week holding that day: nothing is paid, and the command says why.
    const run = await runOps(t.ctx, ['rewards', 'run', week.name, '--early', '--player', p.username]);
    expect(run.exitCode).toBe(0);
    expect(run.output).toContain('now 0 paid');
    expect(run.output).toContain(
      '1 player(s) paid nothing: every game result of theirs in ' + week.name + ' was settled by an earlier',
    );
    // The job at the week's end, twice, finds the same.
    for (let i = 0; i < 2; i += 1) {
      const settled = await settleCashbackPeriod(t.ctx, week, new Date(week.end.getTime() + 60_000), {
        playerId: p.playerId,
      });
      expect(settled).toMatchObject({ paid: 0, covered: 1 });
    }
    expect(await cashbackTransfers(p.playerId)).toBe(1);

    // A loss played after the day was paid is still paid once, by the week.
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 3_000 });
    await credit(t.app, p.cookie);
    expect((await overview(p.cookie)).current).toMatchObject({ net: -3_000, reason: 'BELOW_MINIMUM' });

    // The other way round: a week paid first leaves its days nothing.
    const q = await loser(14_000);
    await settleCashbackPeriod(t.ctx, week, new Date(week.end.getTime() + 60_000), { playerId: q.playerId });
    const day = await settleCashbackPeriod(t.ctx, today, new Date(Date.now() + WEEK_MS), {
      playerId: q.playerId,
    });
    expect(day).toMatchObject({ paid: 0, covered: 1 });
    expect(await cashbackTransfers(q.playerId)).toBe(1);
    expect(await playerBalance(t.ctx.db, q.playerId, 'alphabet')).toBe(15_384 - 14_000 + 700);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('a change of period kind waits for the next week, and the job then settles no day twice', async () => {
    const week = periodOf('WEEK', new Date());
    // Made at the week's start, a change takes effect at once: this week is counted in days.
    await updateCashbackSettings(t.ctx.db, { period: 'DAY' }, week.start);
    const p = await loser(12_000);
    const today = periodOf('DAY', new Date());
    // The job on the next day settles today, a day.
    const nextDay = new Date(today.end.getTime() + 5 * 60_000);
    expect((await dueCashbackPeriod(t.ctx.db, nextDay)).name).toBe(today.name);
    await settleCashbackPeriod(t.ctx, today, nextDay, { playerId: p.playerId });
    expect(await cashbackTransfers(p.playerId)).toBe(1);

    // Asked for mid-week, weeks start at the next Monday: until then the days go on.
    const midWeek = new Date(week.start.getTime() + 2.5 * 24 * 3_600_000);
    const settings = await updateCashbackSettings(t.ctx.db, { period: 'WEEK' }, midWeek);
    expect(settings.period).toBe('DAY');
    const shown = await runOps(t.ctx, ['rewards', 'settings']);
    expect(shown.output).toContain(`period    day (Asia/Vientiane); week from ${week.end.toISOString()}`);

    // At the next week's start the job settles the week's last day as a day, then the week just begun
    // counts as a week: the day paid already is in no week the job pays.
    const monday = new Date(week.end.getTime() + 5 * 60_000);
    expect((await dueCashbackPeriod(t.ctx.db, monday)).name).toBe(
      periodOf('DAY', new Date(week.end.getTime() - 1)).name,
    );
    expect((await dueCashbackPeriod(t.ctx.db, new Date(monday.getTime() + 7 * DAY_MS))).name).toBe(
      periodOf('WEEK', monday).name,
    );
    expect((await settleCashbackPeriod(t.ctx, week, monday, { playerId: p.playerId })).covered).toBe(1);
    expect(await cashbackTransfers(p.playerId)).toBe(1);
    expect((await readCashbackSettings(t.ctx.db, monday)).period).toBe('WEEK');
    // Asking again for the kind in force cancels a change still waiting.
    await updateCashbackSettings(t.ctx.db, { period: 'WEEK' }, week.start);
    await updateCashbackSettings(t.ctx.db, { period: 'DAY' }, midWeek);
    await updateCashbackSettings(t.ctx.db, { period: 'WEEK' }, midWeek);
    expect((await readCashbackSettings(t.ctx.db, monday)).period).toBe('WEEK');
    expect((await runOps(t.ctx, ['rewards', 'settings'])).output).not.toContain(' from ');
  });

  it("counts toward a cashback's turnover only the stakes placed after it was credited", async () => {
    const p = await loser(12_000);
    // 30 THB staked and won back at alphabet, which the site has not read yet.
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 3_000, win: 3_000 });
    await settleCashbackPeriod(t.ctx, periodOf('WEEK', new Date()), new Date(Date.now() + WEEK_MS), {
      playerId: p.playerId,
    });
    expect(await cashbackTransfers(p.playerId)).toBe(1);
    await depositAndPay(t.app, p.cookie);
    const refused = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: p.account.id,
      credit: 10_000,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('REWARD_TURNOVER_NOT_MET');
    expect(refused.body.details).toContainEqual({ field: 'turnoverDone', message: '0' });

    // Paid on claim: the claim asks the provider first, too.
    await updateCashbackSettings(t.ctx.db, { payment: 'CLAIM' }, t.clock.now());
    const c = await loser(12_000);
    await settleCashbackPeriod(t.ctx, periodOf('WEEK', new Date()), new Date(Date.now() + WEEK_MS), {
      playerId: c.playerId,
    });
    const [waiting] = (await overview(c.cookie)).payments;
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: c.playerId, bet: 700, win: 700 });
    const claimed = await call(
      t.app,
      'claimCashback',
      'POST',
      `/api/v2/rewards/cashback/${waiting.id}/claim`,
      {
        cookie: c.cookie,
        headers: { 'idempotency-key': idemKey() },
      },
    );
    expect(claimed.body.payment).toMatchObject({ status: 'PAID', turnoverRequired: 600, turnoverDone: 0 });
  });

  it("the operator reads and changes the terms and lists a player's payments", async () => {
    const shown = await runOps(t.ctx, [
      'rewards',
      'settings',
      '--rate',
      '7.5',
      '--max',
      '1000',
      '--payment',
      'claim',
    ]);
    expect(shown.exitCode).toBe(0);
    expect(shown.output).toContain('rate      7.5 % of the net loss');
    expect(shown.output).toContain('max       1000.00 THB');
    const refused = await runOps(t.ctx, ['rewards', 'settings', '--rate', '101']);
    expect(refused.exitCode).toBe(2);
    const badPeriod = await runOps(t.ctx, ['rewards', 'run', 'week:2026-11-24']);
    expect(badPeriod.exitCode).toBe(2);
    const p = await loser(12_000);
    await updateCashbackSettings(t.ctx.db, AUTO, t.clock.now());
    const other = await loser(12_000);
    const early = await runOps(t.ctx, [
      'rewards',
      'run',
      periodOf('WEEK', new Date()).name,
      '--early',
      '--player',
      p.username,
    ]);
    expect(early.output).toContain('1 player(s) with results; now 1 paid (6.00 THB)');
    expect(await cashbackTransfers(other.playerId)).toBe(0);
    const listed = await runOps(t.ctx, ['rewards', 'list', p.username]);
    expect(listed.output).toMatch(/PAID\s+alphabet/);
    expect(listed.output).toContain('1 payment(s)');
  });
});

const CHECK_IN = {
  enabled: true,
  dayReward: 500,
  streakDays: 7,
  streakBonus: 5_000,
  minDeposit: 100_000,
  minTurnover: 10_000,
  turnover: 1,
} as const;

describe('daily check-in', () => {
  beforeEach(() => updateCheckInSettings(t.ctx.db, CHECK_IN));

  const checkIn = async (cookie: string) => {
    const res = await call(t.app, 'getCheckIn', 'GET', '/api/v2/rewards/check-in', { cookie });
    expect(res.status).toBe(200);
    return res.body;
  };
  const claim = (cookie: string, key = idemKey()) =>
    call(t.app, 'claimCheckIn', 'POST', '/api/v2/rewards/check-in', {
      cookie,
      headers: { 'idempotency-key': key },
    });
  const checkInTransfers = async (playerId: string) =>
    (
      await t.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger_transfers tr JOIN ledger_postings p ON p.transfer_id = tr.id
         JOIN ledger_accounts a ON a.id = p.account_id WHERE tr.kind = 'CHECK_IN' AND a.player_id = $1`,
        [playerId],
      )
    ).rows[0]!.n;

  /** A player who deposited 100,000 LAK today and staked 100 THB at alphabet (winning half back). */
  async function qualified() {
    const p = await fundedPlayer(t.app);
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 10_000, win: 5_000 });
    return p;
  }

  it('a day is checked in once its deposits and stakes reach the targets, once, with its turnover', async () => {
    const fresh = await fundedPlayer(t.app);
    const before = await checkIn(fresh.cookie);
    expect(before.today).toMatchObject({ deposited: 100_000, staked: 0, reason: 'NOT_QUALIFIED', streak: 1 });
    const refused = await claim(fresh.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CHECK_IN_NOT_QUALIFIED');
    expect(refused.body.details).toContainEqual({ field: 'staked', message: '0' });

    const p = await qualified();
    const ready = await checkIn(p.cookie);
    expect(ready.today).toMatchObject({
      deposited: 100_000,
      staked: 10_000,
      reward: 500,
      reason: 'CLAIMABLE',
    });
    const key = idemKey();
    const claimed = await claim(p.cookie, key);
    expect(claimed.status).toBe(200);
    expect(claimed.body.checkIn).toMatchObject({
      streak: 1,
      amount: 500,
      provider: 'alphabet',
      turnoverRequired: 500,
    });
    expect((await claim(p.cookie, key)).status).toBe(200); // the same request again
    const again = await claim(p.cookie);
    expect(again.body.code).toBe('CHECK_IN_ALREADY_CLAIMED');
    expect(await checkInTransfers(p.playerId)).toBe(1);
    expect(await playerBalance(t.ctx.db, p.playerId, 'alphabet')).toBe(15_384 - 5_000 + 500);

    const after = await checkIn(p.cookie);
    expect(after.today.reason).toBe('CLAIMED');
    expect(after.month).toContainEqual({ day: after.today.day, claimed: true, amount: 500 });
    expect(after.month).toHaveLength(
      new Date(
        Date.UTC(Number(after.today.day.slice(0, 4)), Number(after.today.day.slice(5, 7)), 0),
      ).getUTCDate(),
    );
    expect(await checkInTransfers(fresh.playerId)).toBe(0);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it("counts toward a check-in's turnover only the stakes placed after it was credited", async () => {
    const p = await qualified();
    expect((await checkIn(p.cookie)).today.reason).toBe('CLAIMABLE');
    // 5 THB staked and won back after that read, not read by the site yet.
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 500, win: 500 });
    expect((await claim(p.cookie)).body.checkIn).toMatchObject({
      provider: 'alphabet',
      turnoverRequired: 500,
    });
    const refused = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: p.account.id,
      credit: 10_000,
    });
    expect(refused.body.code).toBe('REWARD_TURNOVER_NOT_MET');
    expect(refused.body.details).toContainEqual({ field: 'turnoverDone', message: '0' });
  });

  it('two claims at once, from two tabs, check the day in once', async () => {
    const p = await qualified();
    await checkIn(p.cookie);
    const answers = await Promise.all([claim(p.cookie), claim(p.cookie)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('CHECK_IN_ALREADY_CLAIMED');
    expect(await checkInTransfers(p.playerId)).toBe(1);
  });

  it('is refused while a withdrawal is open, and in a time-out', async () => {
    const p = await qualified();
    const opened = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: p.account.id,
      credit: 10_384,
    });
    expect(opened.status).toBe(201);
    expect((await checkIn(p.cookie)).today.reason).toBe('WITHDRAWAL_OPEN');
    expect((await claim(p.cookie)).body.code).toBe('CHECK_IN_WITHDRAWAL_OPEN');

    const resting = await qualified();
    await t.ctx.db.tx((q) => takeTimeOut(q, resting.playerId, 1, new Date()));
    expect((await checkIn(resting.cookie)).today.reason).toBe('PAUSED');
    const refused = await claim(resting.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAYER_TIMED_OUT');
    expect(await checkInTransfers(resting.playerId)).toBe(0);
  });

  it('counts days in a row: the 7th pays the streak bonus, a missed day starts again', async () => {
    await updateCheckInSettings(t.ctx.db, { minDeposit: 0, minTurnover: 0, turnover: 0 });
    const p = await fundedPlayer(t.app);
    const start = Date.now();
    const claimOn = (day: number) =>
      t.ctx.db.tx((q) => claimCheckInIn(q, p.playerId, new Date(start + day * DAY_MS)));
    const paid = [];
    for (let day = 0; day < 7; day += 1) paid.push(await claimOn(day));
    expect(paid.map((c) => c.streak)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paid.map((c) => c.amount)).toEqual([500, 500, 500, 500, 500, 500, 5_500]);
    await expect(claimOn(6)).rejects.toMatchObject({ code: 'CHECK_IN_ALREADY_CLAIMED' });
    expect((await claimOn(9)).streak).toBe(1); // day 8 missed
    expect(await checkInTransfers(p.playerId)).toBe(8);
    expect(await playerBalance(t.ctx.db, p.playerId, 'alphabet')).toBe(15_384 + 6 * 500 + 5_500 + 500);
  });

  it('the operator reads and changes the check-in terms', async () => {
    const shown = await runOps(t.ctx, ['rewards', 'check-in', '--day-reward', '10', '--streak-days', '5']);
    expect(shown.exitCode).toBe(0);
    expect(shown.output).toContain('day-reward    10.00 THB');
    expect(shown.output).toContain('every 5th day in a row');
    expect((await runOps(t.ctx, ['rewards', 'check-in', '--streak-days', '1'])).exitCode).toBe(2);
  });
});

describe('refer a friend', () => {
  const REFERRAL = {
    enabled: true,
    basis: 'STAKES',
    rateBasisPoints: 1_000,
    monthlyCap: 1_000_000,
    turnover: 1,
  } as const;
  beforeEach(() => updateReferralSettings(t.ctx.db, REFERRAL));

  const overviewOf = async (cookie: string) => {
    const res = await call(t.app, 'getReferral', 'GET', '/api/v2/rewards/referral', { cookie });
    expect(res.status).toBe(200);
    return res.body;
  };

  /** A visitor registering through `code`, from their own address and device unless told otherwise. */
  async function registerFriend(
    code: string,
    over: { address?: string; fingerprint?: string; cookie?: string } = {},
  ) {
    const username = uniqueUsername('friend');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/register',
      remoteAddress: over.address ?? `203.0.113.${Math.floor(Math.random() * 200) + 1}`,
      headers: jsonHeaders(over.cookie),
      payload: {
        username,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        fingerprint: over.fingerprint ?? `fp-${username}`,
        referralCode: code,
      },
    });
    expect(res.statusCode).toBe(201);
    return {
      cookie: cookieFrom(res.headers['set-cookie']),
      playerId: res.json().player.id as string,
      username,
    };
  }

  const standing = async (friendId: string) =>
    (
      await t.ctx.db.query<{ r: string | null }>(
        'SELECT refused_reason AS r FROM referrals WHERE friend_id = $1',
        [friendId],
      )
    ).rows[0]?.r;

  it('a friend who registers through the link and plays earns the referrer commission, shown live, claimed once', async () => {
    const referrer = await registerAndLogin(t.app);
    const { code } = await overviewOf(referrer.cookie);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const friend = await registerFriend(code);
    expect(await standing(friend.playerId)).toBeNull();
    await addAccount(t.app, friend.cookie);
    await depositAndPay(t.app, friend.cookie);
    await playTestRound(t.ctx.db, {
      provider: 'alphabet',
      playerId: friend.playerId,
      bet: 10_000,
      win: 3_000,
    });
    await credit(t.app, friend.cookie);

    const live = await overviewOf(referrer.cookie);
    expect(live).toMatchObject({
      friends: 1,
      friendsPlayed: 1,
      today: 1_000,
      thisMonth: 1_000,
      claimable: 0,
      reason: 'NOTHING_YET',
    });
    // Nothing of the friend is shown: no name, no figures of their own.
    expect(JSON.stringify(live)).not.toContain(friend.username);

    // The day is over: its commission is accrued and claimable, once.
    const tomorrow = new Date(Date.now() + DAY_MS);
    const accrued = await t.ctx.db.tx((q) => referralOverview(q, referrer.playerId, tomorrow));
    expect(accrued).toMatchObject({ claimable: 1_000, reason: 'CLAIMABLE' });
    const claimed = await t.ctx.db.tx((q) => claimReferralIn(q, referrer.playerId, 'gclub', tomorrow));
    expect(claimed).toEqual({ amount: 1_000, provider: 'gclub', turnoverRequired: 1_000 });
    await expect(
      t.ctx.db.tx((q) => claimReferralIn(q, referrer.playerId, 'gclub', tomorrow)),
    ).rejects.toMatchObject({
      code: 'REWARD_NOT_CLAIMABLE',
    });
    expect(await playerBalance(t.ctx.db, referrer.playerId, 'gclub')).toBe(1_000);
    const rows = await t.ctx.db.query('SELECT 1 FROM referral_accruals WHERE referrer_id = $1', [
      referrer.playerId,
    ]);
    expect(rows.rows).toHaveLength(1);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  /** A friend of the referrer since two days, who staked 100 THB yesterday: 10 THB of commission to claim. */
  async function friendWhoStakedYesterday(referrerCookie: string) {
    const friend = await registerFriend((await overviewOf(referrerCookie)).code);
    const yesterday = new Date(Date.now() + 7 * 3_600_000 - DAY_MS).toISOString().slice(0, 10);
    await t.ctx.db.query(
      `INSERT INTO player_daily_bets (player_id, provider, day, bets_before, bets_after) VALUES ($1, 'alphabet', $2, 0, 10000)`,
      [friend.playerId, yesterday],
    );
    await t.ctx.db.query(`UPDATE referrals SET created_at = now() - interval '2 days' WHERE friend_id = $1`, [
      friend.playerId,
    ]);
  }

  it('two claims at once take the commission once', async () => {
    const referrer = await registerAndLogin(t.app);
    await friendWhoStakedYesterday(referrer.cookie);
    const claimNow = () =>
      call(t.app, 'claimReferral', 'POST', '/api/v2/rewards/referral/claim', {
        cookie: referrer.cookie,
        headers: { 'idempotency-key': idemKey() },
        payload: { provider: 'alphabet' },
      });
    const answers = await Promise.all([claimNow(), claimNow()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 200)!.body.claim.amount).toBe(1_000);
    expect(await playerBalance(t.ctx.db, referrer.playerId, 'alphabet')).toBe(1_000);
  });

  it("counts toward a commission's turnover only the stakes placed after it was credited", async () => {
    const referrer = await fundedPlayer(t.app);
    await friendWhoStakedYesterday(referrer.cookie);
    // The referrer stakes 10 THB at alphabet (won back), not read by the site yet, then claims there.
    await playTestRound(t.ctx.db, {
      provider: 'alphabet',
      playerId: referrer.playerId,
      bet: 1_000,
      win: 1_000,
    });
    const claimed = await call(t.app, 'claimReferral', 'POST', '/api/v2/rewards/referral/claim', {
      cookie: referrer.cookie,
      headers: { 'idempotency-key': idemKey() },
      payload: { provider: 'alphabet' },
    });
    expect(claimed.body.claim).toMatchObject({ amount: 1_000, turnoverRequired: 1_000 });
    const refused = await createWithdraw(t.app, referrer.cookie, {
      provider: 'alphabet',
      bankAccountId: referrer.account.id,
      credit: 10_000,
    });
    expect(refused.body.code).toBe('REWARD_TURNOVER_NOT_MET');
    expect(refused.body.details).toContainEqual({ field: 'turnoverDone', message: '0' });
  });

  it('accrues each day once, within the monthly cap, on net losses when the agency says so', async () => {
    await updateReferralSettings(t.ctx.db, { monthlyCap: 1_500 });
    const referrer = await registerAndLogin(t.app);
    const friend = await registerFriend((await overviewOf(referrer.cookie)).code);
    // Three days of stakes, two in one month: the second is cut to what the cap leaves, the next month starts afresh.
    for (const day of ['2030-01-05', '2030-01-06', '2030-02-01'])
      await t.ctx.db.query(
        `INSERT INTO player_daily_bets (player_id, provider, day, bets_before, bets_after) VALUES ($1, 'alphabet', $2, 0, 10000)`,
        [friend.playerId, day],
      );
    const later = new Date('2030-02-10T05:00:00Z');
    const seen = await t.ctx.db.tx((q) => referralOverview(q, referrer.playerId, later));
    expect(seen.claimable).toBe(1_000 + 500 + 1_000);
    await t.ctx.db.tx((q) => referralOverview(q, referrer.playerId, later));
    const days = await t.ctx.db.query<{ day: unknown; amount: unknown }>(
      'SELECT day, amount::int AS amount FROM referral_accruals WHERE referrer_id = $1 ORDER BY day',
      [referrer.playerId],
    );
    expect(days.rows.map((r) => r.amount)).toEqual([1_000, 500, 1_000]);

    await updateReferralSettings(t.ctx.db, { basis: 'NET_LOSS', monthlyCap: 1_000_000 });
    const other = await registerAndLogin(t.app);
    const loser = await registerFriend((await overviewOf(other.cookie)).code);
    await addAccount(t.app, loser.cookie);
    await depositAndPay(t.app, loser.cookie);
    await playTestRound(t.ctx.db, {
      provider: 'alphabet',
      playerId: loser.playerId,
      bet: 10_000,
      win: 3_000,
    });
    await credit(t.app, loser.cookie);
    expect((await overviewOf(other.cookie)).today).toBe(700);
  });

  it("pays nothing on a friend who shares the referrer's device, fingerprint, address or bank account holder, and keeps why", async () => {
    const referrer = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/register',
      remoteAddress: '198.51.100.7',
      headers: jsonHeaders(),
      payload: {
        username: uniqueUsername('ref'),
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        fingerprint: 'fp-referrer',
      },
    });
    const cookies = ([] as string[])
      .concat(referrer.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const referrerId = referrer.json().player.id as string;
    const sid = cookieFrom(referrer.headers['set-cookie']);
    const { code } = await overviewOf(sid);
    const sameDevice = await registerFriend(code, {
      cookie: cookies
        .split('; ')
        .filter((c) => !c.startsWith('sid='))
        .join('; '),
    });
    const sameFingerprint = await registerFriend(code, { fingerprint: 'fp-referrer' });
    const sameAddress = await registerFriend(code, { address: '198.51.100.7' });
    const sameHolder = await registerFriend(code);
    // The same holder written another way: a double inner space, a zero-width space, full-width letters.
    const spaced = await registerFriend(code);
    const hidden = await registerFriend(code);
    await addAccount(t.app, sid, { accountName: 'SOMSAK VONGSA' });
    await addAccount(t.app, sameHolder.cookie, { accountName: 'somsak vongsa ' });
    await addAccount(t.app, spaced.cookie, { accountName: 'Somsak  Vongsa' });
    await addAccount(t.app, hidden.cookie, { accountName: 'SOM\u200BSAK ＶＯＮＧＳＡ' });
    const honest = await registerFriend(code);
    expect(await standing(sameDevice.playerId)).toBe('DEVICE');
    expect(await standing(sameFingerprint.playerId)).toBe('FINGERPRINT');
    expect(await standing(sameAddress.playerId)).toBe('ADDRESS');
    await overviewOf(sid); // the bank accounts are compared as the commission accrues
    expect(await standing(sameHolder.playerId)).toBe('BANK_ACCOUNT');
    expect(await standing(spaced.playerId)).toBe('BANK_ACCOUNT');
    expect(await standing(hidden.playerId)).toBe('BANK_ACCOUNT');
    expect(await standing(honest.playerId)).toBeNull();
    const listed = await runOps(t.ctx, ['rewards', 'friends', referrer.json().player.username]);
    expect(listed.output).toContain('7 friend(s)');
    for (const f of [sameDevice, sameFingerprint, sameAddress, sameHolder, spaced, hidden])
      await t.ctx.db.query(
        `INSERT INTO player_daily_bets (player_id, provider, day, bets_before, bets_after) VALUES ($1, 'alphabet', '2030-01-05', 0, 10000)`,
        [f.playerId],
      );
    const later = await t.ctx.db.tx((q) => referralOverview(q, referrerId, new Date('2030-01-10T05:00:00Z')));
    expect(later.claimable).toBe(0);
  });

  it("compares public addresses only: a proxy's or a network's own is shared by everyone behind it", async () => {
    for (const ip of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '192.168.1.20',
      '172.20.0.5',
      '::ffff:127.0.0.1',
      'fd00::1',
    ])
      expect(`${ip} ${isPublicAddress(ip)}`).toBe(`${ip} false`);
    for (const ip of ['198.51.100.7', '203.0.113.9', '2001:db8::1', '172.32.0.1'])
      expect(`${ip} ${isPublicAddress(ip)}`).toBe(`${ip} true`);
    const referrer = await registerAndLogin(t.app); // from 127.0.0.1, as every test request
    const friend = await registerFriend((await overviewOf(referrer.cookie)).code, { address: '127.0.0.1' });
    expect(await standing(friend.playerId)).toBeNull();
  });

  it('an unknown code makes no friend; a malformed one is refused', async () => {
    const friend = await registerFriend('ZZZZZZZZ');
    expect(await standing(friend.playerId)).toBeUndefined();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/register',
      headers: jsonHeaders(),
      payload: {
        username: uniqueUsername('bad'),
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        fingerprint: 'x',
        referralCode: 'bad code',
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it('a referrer in a time-out earns nothing for those days and cannot claim', async () => {
    const referrer = await registerAndLogin(t.app);
    const friend = await registerFriend((await overviewOf(referrer.cookie)).code);
    const now = new Date();
    await t.ctx.db.tx((q) => takeTimeOut(q, referrer.playerId, 1, now));
    const today = new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    await t.ctx.db.query(
      `INSERT INTO player_daily_bets (player_id, provider, day, bets_before, bets_after) VALUES ($1, 'alphabet', $2, 0, 10000)
       ON CONFLICT DO NOTHING`,
      [friend.playerId, today],
    );
    expect((await overviewOf(referrer.cookie)).reason).toBe('PAUSED');
    const afterwards = new Date(now.getTime() + 3 * DAY_MS);
    expect((await t.ctx.db.tx((q) => referralOverview(q, referrer.playerId, afterwards))).claimable).toBe(0);
    await expect(
      t.ctx.db.tx((q) => claimReferralIn(q, referrer.playerId, 'alphabet', now)),
    ).rejects.toMatchObject({
      code: 'PLAYER_TIMED_OUT',
    });
  });
});
