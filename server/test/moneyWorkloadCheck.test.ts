import { addDays, periodOf, vientianeDay } from '@core/rewardPeriods';
import { deliverDue } from '../src/domain/money/outboxDelivery';
import { creditRewardIn } from '../src/domain/rewards/rewardCredits';
import { runOps } from '../src/ops/commands';
import { applyTransfer, playTestRound } from '../src/sandbox/provider/wallets';
import {
  cookieFrom,
  createTestApp,
  jsonHeaders,
  registerAndLogin,
  TEST_PASSWORD,
  uniqueUsername,
  type TestApp,
} from './helpers';
import { addAccount } from './moneyFixtures';
import { makePlan } from './moneyWorkload';
import type { Call, History } from './moneyWorkloadHistory';
import { checkWorkload, rewardTally, type Property } from './moneyWorkloadCheck';

/**
 * The money workload's checker can fail: on a small sound history it reports nothing, and each money fault
 * put into the database afterwards (the provider crediting a deposit twice, a payout lost, the payout bank
 * asked twice, an effect no client was told of, a reward credited without its record, a loss paid back
 * twice, two check-ins a day, a referral claim beyond its accruals) is reported under its property. The
 * workload itself (moneyWorkload.test.ts) is too slow to be run once per fault.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true', AUTO_WITHDRAW_NEW_ACCOUNT_HOURS: '0' } });
});
afterAll(async () => {
  await t?.close();
});

let nextId = 0;

/** One request through the app, recorded as the workload's clients record theirs. */
async function recorded(
  cookie: string,
  spec: { operation: string; path: string; body?: unknown; key?: string; client?: number },
  app: TestApp = t,
): Promise<Call> {
  const start = Date.now();
  const res = await app.app.inject({
    method: 'POST',
    url: spec.path,
    headers: { ...jsonHeaders(cookie), ...(spec.key ? { 'idempotency-key': spec.key } : {}) },
    ...(spec.body !== undefined ? { payload: spec.body as object } : {}),
  });
  return {
    id: (nextId += 1),
    client: spec.client ?? 0,
    operation: spec.operation,
    method: 'POST',
    path: spec.path,
    payload: spec.body,
    cookie,
    attempts: [{ start, end: Date.now(), status: res.statusCode }],
    outcome: res.statusCode < 300 ? 'ok' : 'refused',
    status: res.statusCode,
    body: res.json(),
    ...(spec.key ? { key: spec.key } : {}),
  };
}

/** The history of one client (index 0) that made `calls`, with `ops invariants` as it reads now. */
async function historyOf(
  app: TestApp,
  player: { playerId: string; username: string; cookie: string; bankAccountId: string },
  calls: Call[],
  more: Partial<History> = {},
): Promise<History> {
  return {
    seed: 0,
    database: app.ctx.db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
    plan: makePlan(0),
    players: [{ index: 0, ...player }],
    calls,
    bankPayments: [],
    killWindows: [],
    operator: [],
    unknownPlays: [],
    settleNotes: [],
    opsInvariants: await runOps(app.ctx, ['invariants']),
    serverLog: '',
    serverErrors: [],
    ...more,
  };
}

const properties = async (history: History, app: TestApp = t): Promise<Property[]> =>
  [...new Set((await checkWorkload(app.ctx.db, history)).map((v) => v.property))].sort();

test('reports nothing on a sound history, then each fault put into the database under its property', async () => {
  const p = await registerAndLogin(t.app);
  const account = await addAccount(t.app, p.cookie);
  const deposit = await recorded(p.cookie, {
    operation: 'createDeposit',
    path: '/api/v2/deposits',
    body: { provider: 'alphabet', mid: 'MID-LAOQR-01', bank: 'bcel', amount: 100_000 },
    key: 'check-deposit-1',
  });
  const paid = await recorded(p.cookie, {
    operation: 'paySandboxQr',
    path: '/api/v2/sandbox/bank/pay',
    body: { qrText: deposit.body.qr.qrText },
  });
  expect(paid.status).toBe(200);
  // Small and on an account without risk flags: paid automatically once its OUT is delivered.
  const withdraw = await recorded(p.cookie, {
    operation: 'createWithdraw',
    path: '/api/v2/withdraws',
    body: { provider: 'alphabet', bankAccountId: account.id, credit: 10_000 },
    key: 'check-withdraw-1',
  });
  expect(withdraw.status).toBe(201);
  await deliverDue(t.ctx);
  const history = await historyOf(t, { ...p, bankAccountId: account.id }, [deposit, paid, withdraw]);
  const code = withdraw.body.order.code as string;
  expect((await t.ctx.db.query('SELECT status FROM orders WHERE code = $1', [code])).rows).toEqual([
    { status: 'SUCCESS' },
  ]);
  expect(await checkWorkload(t.ctx.db, history)).toEqual([]);

  // The payout bank asked twice for one order.
  await t.ctx.db.query('UPDATE sandbox_payouts SET requests = 2 WHERE order_code = $1', [code]);
  expect(await properties(history)).toEqual(['payout-at-most-once']);
  await t.ctx.db.query('UPDATE sandbox_payouts SET requests = 1 WHERE order_code = $1', [code]);

  // A 5xx outside any kill window.
  const failed = {
    ...withdraw,
    attempts: [{ ...withdraw.attempts[0]!, status: 500, code: 'INTERNAL_ERROR' }],
  };
  expect(await properties({ ...history, calls: [...history.calls, failed] })).toEqual([
    'no-5xx-outside-kill-windows',
  ]);

  // A replay answered differently.
  const replayed = {
    ...withdraw,
    id: (nextId += 1),
    replayOf: withdraw.id,
    status: 409,
    outcome: 'refused' as const,
  };
  replayed.attempts = [{ start: Date.now(), end: Date.now() + 1, status: 409 }];
  replayed.body = { code: 'CREDIT_NOT_ENOUGH' };
  expect(await properties({ ...history, calls: [...history.calls, replayed] })).toEqual([
    'replay-same-result',
  ]);

  // A withdrawal that happened though its client was never told (its call lost).
  expect(await properties({ ...history, calls: [deposit, paid] })).toEqual(['acknowledged-exactly-once']);

  // The provider credits the deposit a second time, under another reference.
  const order = (
    await t.ctx.db.query<{ code: string; credit: string }>(
      `SELECT code, credit::text FROM orders WHERE kind = 'DEPOSIT' AND player_id = $1`,
      [p.playerId],
    )
  ).rows[0]!;
  await applyTransfer(t.ctx.db, 'alphabet', {
    reference: `dep:${order.code}:again`,
    playerId: p.playerId,
    direction: 'IN',
    amount: Number(order.credit),
  });
  expect(await properties(history)).toEqual(['ledger-equals-provider-wallet', 'sums-conserved']);

  // A payout lost: the order says paid, the bank never paid.
  await t.ctx.db.query('DELETE FROM sandbox_payouts WHERE order_code = $1', [code]);
  expect(await properties(history)).toEqual([
    'ledger-equals-provider-wallet',
    'payout-at-most-once',
    'sums-conserved',
  ]);
});

test('game results the final reads did not book count with the ledger; a booking without its ledger leg does not', async () => {
  // A database of its own: the test above leaves its faults in its database.
  const own = await createTestApp({ env: { SANDBOX: 'true' } });
  try {
    await unbookedResults(own);
  } finally {
    await own.close();
  }
});

async function unbookedResults(t: TestApp): Promise<void> {
  const p = await registerAndLogin(t.app);
  const account = await addAccount(t.app, p.cookie);
  const deposit = await recorded(
    p.cookie,
    {
      operation: 'createDeposit',
      path: '/api/v2/deposits',
      body: { provider: 'alphabet', mid: 'MID-LAOQR-01', bank: 'bcel', amount: 100_000 },
      key: 'check-deposit-2',
    },
    t,
  );
  const paid = await recorded(
    p.cookie,
    {
      operation: 'paySandboxQr',
      path: '/api/v2/sandbox/bank/pay',
      body: { qrText: deposit.body.qr.qrText },
    },
    t,
  );
  await deliverDue(t.ctx);
  // A bet whose answer was lost to a kill; the last read of the credits timed out at the provider, so
  // its loss is not booked in the ledger yet (the next read books it).
  expect(await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 1_000 })).toBe(
    true,
  );
  const history = await historyOf(t, { ...p, bankAccountId: account.id }, [deposit, paid], {
    unknownPlays: [{ client: 0, provider: 'alphabet' }],
  });
  expect(await checkWorkload(t.ctx.db, history)).toEqual([]);

  // The loss marked as booked, but never posted to the ledger: the ledger holds 10 THB too much.
  await t.ctx.db.query(
    `INSERT INTO provider_game_results (player_id, provider, booked) VALUES ($1, 'alphabet', -1000)
     ON CONFLICT (player_id, provider) DO UPDATE SET booked = provider_game_results.booked - 1000`,
    [p.playerId],
  );
  expect(await properties(history, t)).toEqual(['ledger-equals-provider-wallet']);
}

test('rewards: each credit whole and once, each loss paid back once within its rate, one check-in a day, referral claims within their accruals, each claim as the client was told', async () => {
  const own = await createTestApp({ env: { SANDBOX: 'true' } });
  try {
    await rewardFaults(own);
  } finally {
    await own.close();
  }
});

/** A player who deposited 100,000 LAK at alphabet (the check-in's deposit), as client `client`. */
async function depositing(app: TestApp, cookie: string, client: number, key: string): Promise<Call[]> {
  const deposit = await recorded(
    cookie,
    {
      operation: 'createDeposit',
      path: '/api/v2/deposits',
      body: { provider: 'alphabet', mid: 'MID-LAOQR-01', bank: 'bcel', amount: 100_000 },
      key,
      client,
    },
    app,
  );
  const paid = await recorded(
    cookie,
    {
      operation: 'paySandboxQr',
      path: '/api/v2/sandbox/bank/pay',
      body: { qrText: deposit.body.qr.qrText },
      client,
    },
    app,
  );
  expect(paid.status).toBe(200);
  return [deposit, paid];
}

async function rewardFaults(t: TestApp): Promise<void> {
  for (const args of [
    ['rewards', 'settings', '--rate', '10', '--min-loss', '1'],
    ['rewards', 'check-in', '--min-turnover', '1'],
    ['rewards', 'referral', '--rate', '50'],
  ])
    expect((await runOps(t.ctx, args)).exitCode).toBe(0);
  // The referrer (client 0), and a friend (client 1) registered through their code.
  const a = await registerAndLogin(t.app);
  const code = (
    await t.app.inject({ method: 'GET', url: '/api/v2/rewards/referral', headers: jsonHeaders(a.cookie) })
  ).json().code as string;
  const username = uniqueUsername('friend');
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/v2/players/register',
    headers: jsonHeaders(),
    payload: {
      username,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      fingerprint: `fp-${username}`,
      referralCode: code,
    },
  });
  const b = {
    cookie: cookieFrom(registered.headers['set-cookie']),
    playerId: registered.json().player.id as string,
    username,
  };
  const accountA = await addAccount(t.app, a.cookie);
  const accountB = await addAccount(t.app, b.cookie, { accountName: 'BOUNMY SISOUVANH' });
  const calls = [
    ...(await depositing(t, a.cookie, 0, 'reward-deposit-a')),
    ...(await depositing(t, b.cookie, 1, 'reward-deposit-b')),
  ];
  await deliverDue(t.ctx);
  // Both lose at alphabet; the credit reads book the results (and the stakes of the day).
  for (const p of [a, b]) {
    expect(await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 5_000 })).toBe(
      true,
    );
    await t.app.inject({ method: 'GET', url: '/api/v2/players/credits', headers: jsonHeaders(p.cookie) });
  }
  const checkIn = await recorded(
    a.cookie,
    { operation: 'claimCheckIn', path: '/api/v2/rewards/check-in', key: 'reward-check-in' },
    t,
  );
  expect(checkIn.status).toBe(200);
  const today = periodOf('DAY', new Date()).name;
  const week = periodOf('WEEK', new Date()).name;
  // A day and the week holding it, both settled: each loss is paid once.
  for (const period of [today, week])
    expect((await runOps(t.ctx, ['rewards', 'run', period, '--early'])).exitCode).toBe(0);
  expect((await runOps(t.ctx, ['rewards', 'accrue', a.username, '--early'])).output).toContain('25.00 THB');
  const claim = await recorded(
    a.cookie,
    {
      operation: 'claimReferral',
      path: '/api/v2/rewards/referral/claim',
      body: { provider: 'gclub' },
      key: 'reward-referral',
    },
    t,
  );
  expect(claim.body).toEqual({ claim: { amount: 2_500, provider: 'gclub', turnoverRequired: 2_500 } });
  await deliverDue(t.ctx);
  const base = await historyOf(t, { ...a, bankAccountId: accountA.id }, [...calls, checkIn, claim], {
    unknownPlays: [
      { client: 0, provider: 'alphabet' },
      { client: 1, provider: 'alphabet' },
    ],
  });
  const history: History = {
    ...base,
    players: [...base.players, { index: 1, ...b, bankAccountId: accountB.id, referredBy: 0 }],
  };
  const check = (h: History = history) => properties(h, t);
  expect(await checkWorkload(t.ctx.db, history)).toEqual([]);
  const tally = await rewardTally(t.ctx.db);
  expect(tally).toMatchObject({
    CASHBACK: { count: 2, amount: 1_000 },
    CHECK_IN: { count: 1 },
    REFERRAL: { count: 1, amount: 2_500 },
    'payments DAY': { count: 2 },
  });
  // The week found every result settled by the day: no payment of its own.
  expect(tally['payments WEEK']).toBeUndefined();

  const sql = (text: string, params: unknown[] = []) => t.ctx.db.query(text, params);
  const ciRef = `ci:${a.playerId}:${vientianeDay(new Date())}`;

  // A check-in's reward_credits row not what was credited.
  await sql('UPDATE reward_credits SET amount = amount + 1 WHERE reference = $1', [ciRef]);
  expect(await check()).toEqual(['reward-credited-once']);
  await sql('UPDATE reward_credits SET amount = amount - 1 WHERE reference = $1', [ciRef]);

  // A cashback paying more than its rate of the loss it settled.
  await sql(`UPDATE cashback_payments SET rate_bp = 100 WHERE player_id = $1`, [a.playerId]);
  expect(await check()).toEqual(['cashback-loss-paid-once']);
  await sql(`UPDATE cashback_payments SET rate_bp = 1000 WHERE player_id = $1`, [a.playerId]);

  // Commission claimed beyond what was accrued.
  await sql('UPDATE referral_accruals SET amount = amount - 1 WHERE referrer_id = $1', [a.playerId]);
  expect(await check()).toEqual(['referral-within-accruals']);
  await sql('UPDATE referral_accruals SET amount = amount + 1 WHERE referrer_id = $1', [a.playerId]);

  // A check-in the client never got an answer for, and a friend the plan did not make.
  expect(await check({ ...history, calls: history.calls.filter((c) => c !== checkIn) })).toEqual([
    'acknowledged-exactly-once',
  ]);
  expect(await check({ ...history, players: history.players.map(({ referredBy: _r, ...p }) => p) })).toEqual([
    'acknowledged-exactly-once',
  ]);

  // A referral claim replayed with another answer.
  const replayed: Call = {
    ...claim,
    id: (nextId += 1),
    replayOf: claim.id,
    status: 409,
    outcome: 'refused',
    body: { code: 'REWARD_NOT_CLAIMABLE' },
    attempts: [{ start: Date.now(), end: Date.now() + 1, status: 409 }],
  };
  expect(await check({ ...history, calls: [...history.calls, replayed] })).toEqual(['replay-same-result']);

  // Yesterday checked in today as well: two check-ins credited on one day (and one no client was told of).
  const yesterday = addDays(vientianeDay(new Date()), -1);
  await t.ctx.db.tx(async (q) => {
    await q.query(
      `INSERT INTO checkin_claims (player_id, day, streak, provider, amount) VALUES ($1, $2, 1, 'alphabet', 500)`,
      [a.playerId, yesterday],
    );
    await creditRewardIn(q, {
      reference: `ci:${a.playerId}:${yesterday}`,
      kind: 'CHECK_IN',
      playerId: a.playerId,
      provider: 'alphabet',
      amount: 500,
      turnover: 0,
    });
  });
  await deliverDue(t.ctx);
  expect(await check()).toEqual(['acknowledged-exactly-once', 'check-in-once-a-day']);

  // The week paying a loss the day paid already (its results recorded with the day): paid twice.
  await t.ctx.db.tx(async (q) => {
    const day = (
      await q.query<{ id: string; net_result: string }>(
        `SELECT id::text, net_result::text FROM cashback_payments WHERE player_id = $1`,
        [b.playerId],
      )
    ).rows[0]!;
    const weekPeriod = periodOf('WEEK', new Date());
    await q.query(
      `INSERT INTO cashback_payments (id, player_id, period, period_start, period_end, net_result, provider,
         rate_bp, amount, status, paid_at)
       VALUES ($1, $2, 'WEEK', $3, $4, $5, 'alphabet', 1000, 500, 'PAID', now())`,
      [
        WEEK_PAYMENT,
        b.playerId,
        weekPeriod.start.toISOString(),
        weekPeriod.end.toISOString(),
        day.net_result,
      ],
    );
    await creditRewardIn(q, {
      reference: `cb:${WEEK_PAYMENT}`,
      kind: 'CASHBACK',
      playerId: b.playerId,
      provider: 'alphabet',
      amount: 500,
      turnover: 0,
    });
  });
  await deliverDue(t.ctx);
  expect(await check()).toEqual([
    'acknowledged-exactly-once',
    'cashback-loss-paid-once',
    'check-in-once-a-day',
  ]);

  // The provider credits a reward the ledger never held.
  await applyTransfer(t.ctx.db, 'gclub', {
    reference: `rf:${WEEK_PAYMENT}`,
    playerId: a.playerId,
    direction: 'IN',
    amount: 100,
  });
  expect(await check()).toEqual([
    'acknowledged-exactly-once',
    'cashback-loss-paid-once',
    'check-in-once-a-day',
    'ledger-equals-provider-wallet',
    'reward-credited-once',
    'sums-conserved',
  ]);
}

const WEEK_PAYMENT = '00000000-0000-4000-8000-0000000c0b0e';
