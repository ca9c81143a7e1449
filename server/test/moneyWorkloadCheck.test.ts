import { deliverDue } from '../src/domain/outboxDelivery';
import { runOps } from '../src/opsCommands';
import { applyTransfer, playTestRound } from '../src/sandbox/provider/wallets';
import { createTestApp, jsonHeaders, registerAndLogin, type TestApp } from './helpers';
import { addAccount } from './moneyFixtures';
import { makePlan } from './moneyWorkload';
import type { Call, History } from './moneyWorkloadHistory';
import { checkWorkload, type Property } from './moneyWorkloadCheck';

/**
 * The money workload's checker can fail: on a small sound history it reports nothing, and each money fault
 * put into the database afterwards (the provider crediting a deposit twice, a payout lost, the payout bank
 * asked twice, an effect no client was told of) is reported under its property. The workload itself
 * (moneyWorkload.test.ts) is too slow to be run once per fault.
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
  spec: { operation: string; path: string; body: unknown; key?: string },
  app: TestApp = t,
): Promise<Call> {
  const start = Date.now();
  const res = await app.app.inject({
    method: 'POST',
    url: spec.path,
    headers: { ...jsonHeaders(cookie), ...(spec.key ? { 'idempotency-key': spec.key } : {}) },
    payload: spec.body as object,
  });
  return {
    id: (nextId += 1),
    client: 0,
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
