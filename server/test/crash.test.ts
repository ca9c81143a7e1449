import { rmSync } from 'node:fs';
import pg from 'pg';
import { signPayload } from '../src/adapters/paymentSignature';
import { checkInvariants, playerBalance } from '../src/domain/ledger/ledger';
import { deliverDue } from '../src/domain/money/outboxDelivery';
import {
  createTestApp,
  jsonHeaders,
  registerAndLogin,
  spawnOnTestDatabase,
  TEST_PASSWORD,
  uniqueUsername,
  type TestApp,
} from './helpers';
import { sandboxMarkPaid } from '../src/adapters/sandboxGateway';
import {
  accountNumber,
  holderName,
  addAccount,
  createDeposit,
  createWithdraw,
  depositAndPay,
  idemKey,
  postPaymentCallback,
} from './moneyFixtures';
import { removeBundles } from './nodeBundles';
import {
  settleDepositJob,
  type JobMoneyOperationId,
  type MoneyOperationId,
} from '../src/domain/operations/moneyOperations';
import {
  runStaffMoneyOperation,
  type StaffMoneyOperation,
  type StaffMoneyOperationId,
} from '../src/domain/ledger/moneyRunner';
import { STAFF_MONEY_OPERATIONS } from '../src/domain/operations/staffMoneyOperations';
import { errorStatus } from '@core/errorStatus';
import { DomainError } from '../src/errors';
import { TEST_APPROVER } from './testApprover';
import { parsePeriod, periodOf } from '@core/rewardPeriods';
import { settleCashbackPeriod } from '../src/domain/operations/rewardRuns';
import { updateCashbackSettings, updateCheckInSettings } from '../src/domain/rewards/rewardSettings';
import { referralOverview } from '../src/domain/rewards/referrals';
import { playTestRound } from '../src/sandbox/provider/wallets';

afterAll(() => removeBundles());

/**
 * kill -9 at each commit boundary of each money operation, on the database the suite runs on (PGlite, or
 * PostgreSQL with DATABASE_URL). A child server process takes one request and dies by SIGKILL at the
 * chosen crashPoint (server/src/crashPoints.ts): with the effect written but not committed, or committed
 * but not answered. A restarted server then gets the same request again, as a client's retry, and the
 * effect must exist exactly once, with a sound ledger.
 *
 * Every case has a player of its own on one database: each is prepared, then each request is sent to a
 * child that dies, one after the other, and a single restarted server takes every retry. A server that
 * restarts after several kills is the harder test, and it spares a database and a restart per case.
 */

interface Fixture {
  database: string;
  cookie: string;
  playerId: string;
}

async function keptApp(database?: string): Promise<TestApp> {
  return createTestApp({ env: { SANDBOX: 'true' }, keep: true, ...(database ? { reuse: database } : {}) });
}

async function dropDatabase(database: string): Promise<void> {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${database} CASCADE`);
    await client.end();
  } else {
    rmSync(database, { recursive: true, force: true });
  }
}

/** Runs one request in a child server that SIGKILLs itself at crashAt; resolves with how it ended. */
async function runChild(
  database: string,
  crashAt: string,
  request: object,
  env: Record<string, string> = {},
): Promise<string> {
  const { job, staff } = request as { job?: object; staff?: object };
  const child = await spawnOnTestDatabase('crashChild.ts', database, {
    CRASH_AT: crashAt,
    ...(job
      ? { CHILD_JOB: JSON.stringify(job) }
      : staff
        ? { CHILD_STAFF: JSON.stringify(staff) }
        : { CHILD_REQUEST: JSON.stringify(request) }),
    ...env,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? `exit ${code}: ${output}`)),
  );
}

type Boundary = 'before-commit' | 'after-commit';

interface Case {
  /** Prepares the player and answers the request to send (twice: crashed, then retried). */
  prepare(t: TestApp, f: Fixture): Promise<object>;
  /** How many times the effect exists after the retry. */
  effects(t: TestApp, f: Fixture): Promise<number>;
  /** The retry's status; an operation kept once by what it finds may answer the retry differently. */
  retryStatus: number | Record<Boundary, number>;
  /** How a job's operation is retried (a request is sent again to the restarted server). */
  retry?(t: TestApp, request: object): Promise<number>;
}

const count = async (t: TestApp, sql: string, params: unknown[]) =>
  (await t.ctx.db.query<{ n: number }>(sql, params)).rows[0]!.n;

const withdrawCase: Case = {
  retryStatus: 201,
  async prepare(t, f) {
    const account = await addAccount(t.app, f.cookie);
    await depositAndPay(t.app, f.cookie);
    return {
      method: 'POST',
      url: '/api/v2/withdraws',
      headers: { ...jsonHeaders(f.cookie), 'idempotency-key': idemKey() },
      payload: { provider: 'alphabet', bankAccountId: account.id, credit: 10_000 },
    };
  },
  effects: (t, f) =>
    count(t, `SELECT count(*)::int AS n FROM orders WHERE player_id = $1 AND kind = 'WITHDRAW'`, [
      f.playerId,
    ]),
};

const depositCase: Case = {
  retryStatus: 201,
  async prepare(_t, f) {
    return {
      method: 'POST',
      url: '/api/v2/deposits',
      headers: { ...jsonHeaders(f.cookie), 'idempotency-key': idemKey() },
      payload: { provider: 'alphabet', mid: 'MID-LAOQR-01', bank: 'bcel', amount: 100_000 },
    };
  },
  effects: (t, f) =>
    count(t, `SELECT count(*)::int AS n FROM orders WHERE player_id = $1 AND kind = 'DEPOSIT'`, [f.playerId]),
};

const claimCase: Case = {
  retryStatus: 200,
  async prepare(t, f) {
    await addAccount(t.app, f.cookie);
    return {
      method: 'POST',
      url: '/api/v2/promotions/use',
      headers: { ...jsonHeaders(f.cookie), 'idempotency-key': idemKey() },
      payload: { promotionId: 'welcome-100', providerId: 'alphabet' },
    };
  },
  effects: (t, f) =>
    count(t, 'SELECT count(*)::int AS n FROM promotion_usages WHERE player_id = $1', [f.playerId]),
};

const cancelCase: Case = {
  retryStatus: 200,
  async prepare(t, f) {
    await addAccount(t.app, f.cookie);
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/promotions/use',
      headers: jsonHeaders(f.cookie),
      payload: { promotionId: 'welcome-100', providerId: 'alphabet' },
    });
    await depositAndPay(t.app, f.cookie); // the qualifying deposit: a bonus to take back on cancel
    return {
      method: 'POST',
      url: '/api/v2/promotions/usages/cancel',
      headers: { ...jsonHeaders(f.cookie), 'idempotency-key': idemKey() },
      payload: { usageId: claimed.json().usage.usageId },
    };
  },
  effects: (t, f) =>
    count(
      t,
      `SELECT count(*)::int AS n FROM ledger_transfers tr JOIN ledger_postings p ON p.transfer_id = tr.id
       JOIN ledger_accounts a ON a.id = p.account_id
       WHERE tr.kind = 'BONUS_REVERSAL' AND a.player_id = $1`,
      [f.playerId],
    ),
};

const callbackCase: Case = {
  retryStatus: 200,
  async prepare(t, f) {
    const order = (await createDeposit(t.app, f.cookie)).body.order;
    const payment = {
      billNumber: order.code,
      reference: `BANK-${order.code}`,
      amount: order.amount,
      currency: 'LAK',
      status: 'SUCCESS',
      paidAt: new Date().toISOString(),
    };
    const raw = JSON.stringify(payment);
    return {
      method: 'POST',
      url: '/api/v2/payments/callback',
      headers: {
        'content-type': 'application/json',
        'x-signature': signPayload(t.ctx.config.gatewaySecret, raw),
      },
      payload: raw,
    };
  },
  effects: (t, f) =>
    count(t, `SELECT count(*)::int AS n FROM orders WHERE player_id = $1 AND status = 'SUCCESS'`, [
      f.playerId,
    ]),
};

const checkCase: Case = {
  retryStatus: 200,
  async prepare(t, f) {
    const order = (await createDeposit(t.app, f.cookie)).body.order;
    // Paid at the bank, its callback lost: the player's Check asks the gateway and credits the order.
    await sandboxMarkPaid(t.ctx.db, order.code, `BANK-${order.code}`);
    return { method: 'POST', url: `/api/v2/deposits/${order.code}/check`, headers: jsonHeaders(f.cookie) };
  },
  effects: (t, f) =>
    count(
      t,
      `SELECT count(*)::int AS n FROM payment_callbacks c JOIN orders o ON o.code = c.bill_number
       WHERE o.player_id = $1 AND c.outcome = 'APPLIED'`,
      [f.playerId],
    ),
};

const bankAccountCase: Case = {
  // After the commit the account is there: the retry is told the player already has it.
  retryStatus: { 'before-commit': 201, 'after-commit': 409 },
  async prepare(_t, f) {
    return {
      method: 'POST',
      url: '/api/v2/players/bank-accounts',
      headers: jsonHeaders(f.cookie),
      payload: {
        bank: 'bcel',
        accountNumber: accountNumber(),
        accountName: holderName(),
        currency: 'LAK',
      },
    };
  },
  effects: (t, f) =>
    count(t, 'SELECT count(*)::int AS n FROM bank_accounts WHERE player_id = $1', [f.playerId]),
};

/** A player who lost 120 THB at alphabet this week, booked by a credit read. */
async function weeklyLoser(t: TestApp, f: Fixture): Promise<void> {
  await depositAndPay(t.app, f.cookie);
  await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: f.playerId, bet: 12_000 });
  await t.app.inject({
    method: 'GET',
    url: '/api/v2/players/credits/alphabet',
    headers: jsonHeaders(f.cookie),
  });
}

const cashbackTransfers = (t: TestApp, f: Fixture) =>
  count(
    t,
    `SELECT count(*)::int AS n FROM ledger_transfers tr JOIN cashback_payments c ON tr.reference = 'cb:' || c.id
     WHERE c.player_id = $1`,
    [f.playerId],
  );

const payCashbackCase: Case = {
  retryStatus: 200,
  async prepare(t, f) {
    await weeklyLoser(t, f);
    return { job: { period: periodOf('WEEK', new Date()).name, playerId: f.playerId } };
  },
  async retry(t, request) {
    const { period, playerId } = (request as { job: { period: string; playerId: string } }).job;
    await settleCashbackPeriod(t.ctx, parsePeriod(period)!, new Date(), { early: true, playerId });
    return 200;
  },
  effects: cashbackTransfers,
};

const claimCashbackCase: Case = {
  retryStatus: 200,
  async prepare(t, f) {
    await weeklyLoser(t, f);
    await updateCashbackSettings(t.ctx.db, { payment: 'CLAIM' }, t.clock.now());
    const week = periodOf('WEEK', new Date());
    await settleCashbackPeriod(t.ctx, week, new Date(), { early: true, playerId: f.playerId });
    await updateCashbackSettings(t.ctx.db, { payment: 'AUTO' }, t.clock.now());
    const waiting = await t.ctx.db.query<{ id: string }>(
      'SELECT id FROM cashback_payments WHERE player_id = $1',
      [f.playerId],
    );
    return {
      method: 'POST',
      url: `/api/v2/rewards/cashback/${waiting.rows[0]!.id}/claim`,
      headers: { ...jsonHeaders(f.cookie), 'idempotency-key': idemKey() },
    };
  },
  effects: cashbackTransfers,
};

const claimCheckInCase: Case = {
  retryStatus: 200,
  async prepare(t, f) {
    // Any day qualifies: the case is about the claim, not the targets.
    await updateCheckInSettings(t.ctx.db, { minDeposit: 0, minTurnover: 0 });
    return {
      method: 'POST',
      url: '/api/v2/rewards/check-in',
      headers: { ...jsonHeaders(f.cookie), 'idempotency-key': idemKey() },
    };
  },
  effects: (t, f) =>
    count(
      t,
      `SELECT count(*)::int AS n FROM ledger_transfers tr JOIN ledger_postings p ON p.transfer_id = tr.id
       JOIN ledger_accounts a ON a.id = p.account_id WHERE tr.kind = 'CHECK_IN' AND a.player_id = $1`,
      [f.playerId],
    ),
};

const claimReferralCase: Case = {
  retryStatus: 200,
  async prepare(t, f) {
    // A friend through the player's code, who staked 100 THB yesterday: 50 satang of commission waits.
    const code = (await t.ctx.db.tx((q) => referralOverview(q, f.playerId, new Date()))).code;
    const friend = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/register',
      remoteAddress: '203.0.113.50',
      headers: jsonHeaders(),
      payload: {
        username: uniqueUsername('friend'),
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        fingerprint: `fp-${idemKey()}`,
        referralCode: code,
      },
    });
    const yesterday = new Date(Date.now() + 7 * 3_600_000 - 24 * 3_600_000).toISOString().slice(0, 10);
    await t.ctx.db.query(
      `INSERT INTO player_daily_bets (player_id, provider, day, bets_before, bets_after) VALUES ($1, 'alphabet', $2, 0, 10000)`,
      [friend.json().player.id, yesterday],
    );
    await t.ctx.db.query('UPDATE referral_codes SET accrued_through = NULL WHERE player_id = $1', [
      f.playerId,
    ]);
    await t.ctx.db.query(
      "UPDATE referrals SET created_at = now() - interval '2 days' WHERE referrer_id = $1",
      [f.playerId],
    );
    return {
      method: 'POST',
      url: '/api/v2/rewards/referral/claim',
      headers: { ...jsonHeaders(f.cookie), 'idempotency-key': idemKey() },
      payload: { provider: 'alphabet' },
    };
  },
  effects: (t, f) =>
    count(
      t,
      `SELECT count(*)::int AS n FROM ledger_transfers tr JOIN ledger_postings p ON p.transfer_id = tr.id
       JOIN ledger_accounts a ON a.id = p.account_id WHERE tr.kind = 'REFERRAL' AND a.player_id = $1`,
      [f.playerId],
    ),
};

const moveCreditCase: Case = {
  retryStatus: 200,
  async prepare(t, f) {
    await depositAndPay(t.app, f.cookie);
    return {
      method: 'POST',
      url: '/api/v2/players/credits/move',
      headers: { ...jsonHeaders(f.cookie), 'idempotency-key': idemKey() },
      payload: { from: 'alphabet', to: 'gclub', credit: 1_000 },
    };
  },
  effects: (t, f) =>
    count(
      t,
      `SELECT count(DISTINCT tr.id)::int AS n FROM ledger_transfers tr JOIN ledger_postings p ON p.transfer_id = tr.id
       JOIN ledger_accounts a ON a.id = p.account_id WHERE tr.kind = 'MOVE' AND a.player_id = $1`,
      [f.playerId],
    ),
};

const cancelDepositCase: Case = {
  // After the commit the order is cancelled: the retry is told it is no longer open.
  retryStatus: { 'before-commit': 200, 'after-commit': 409 },
  async prepare(t, f) {
    const order = (await createDeposit(t.app, f.cookie)).body.order;
    return { method: 'POST', url: `/api/v2/deposits/${order.code}/cancel`, headers: jsonHeaders(f.cookie) };
  },
  effects: (t, f) =>
    count(
      t,
      `SELECT count(*)::int AS n FROM orders WHERE player_id = $1 AND kind = 'DEPOSIT' AND status = 'CANCELED'`,
      [f.playerId],
    ),
};

/** A staff decision, as the crash child makes it: the tests' approver decides. */
function staffDecision(operation: StaffMoneyOperationId, input: object) {
  return { staff: { operation, input } };
}

/** Retries a staff decision on the restarted server; a refusal answers its status. */
async function retryStaffDecision(t: TestApp, request: object): Promise<number> {
  const { operation, input } = (request as { staff: { operation: StaffMoneyOperationId; input: never } })
    .staff;
  try {
    await runStaffMoneyOperation(
      t.ctx,
      operation,
      STAFF_MONEY_OPERATIONS[operation] as StaffMoneyOperation<never, unknown, unknown>,
      TEST_APPROVER,
      input,
    );
    return 200;
  } catch (err) {
    if (err instanceof DomainError) return errorStatus(err.code);
    throw err;
  }
}

/** A withdrawal of 150 THB, over the automatic limit: it waits for staff, its credit held at the provider. */
async function waitingWithdrawal(t: TestApp, f: Fixture): Promise<string> {
  const account = await addAccount(t.app, f.cookie);
  await depositAndPay(t.app, f.cookie);
  const res = await createWithdraw(t.app, f.cookie, {
    provider: 'alphabet',
    bankAccountId: account.id,
    credit: 15_000,
  });
  expect(res.body.order.status).toBe('OPEN');
  return res.body.order.code as string;
}

const approveCase: Case = {
  // After the commit the payout has started: the second try is told the order is decided.
  retryStatus: { 'before-commit': 200, 'after-commit': 409 },
  retry: retryStaffDecision,
  async prepare(t, f) {
    return staffDecision('approveStaffWithdrawal', { code: await waitingWithdrawal(t, f) });
  },
  effects: (t, f) =>
    count(
      t,
      `SELECT count(*)::int AS n FROM withdrawal_approvals a JOIN orders o ON o.code = a.order_code
       WHERE o.player_id = $1`,
      [f.playerId],
    ),
};

const rejectCase: Case = {
  retryStatus: { 'before-commit': 200, 'after-commit': 409 },
  retry: retryStaffDecision,
  async prepare(t, f) {
    return staffDecision('rejectStaffWithdrawal', { code: await waitingWithdrawal(t, f), reason: 'OTHER' });
  },
  effects: (t, f) =>
    count(
      t,
      `SELECT count(*)::int AS n FROM ledger_transfers tr JOIN orders o ON o.code = tr.order_code
       WHERE tr.kind = 'WITHDRAW_RELEASE' AND o.player_id = $1`,
      [f.playerId],
    ),
};

/** A bank payment of an open deposit's amount that named no order: kept for staff to apply or refund. */
async function unmatchedPayment(t: TestApp, f: Fixture): Promise<{ reference: string; code: string }> {
  const order = (await createDeposit(t.app, f.cookie)).body.order;
  const reference = `BANK-LOST-${order.code}`;
  await postPaymentCallback(t.app, t.ctx.config.gatewaySecret, {
    billNumber: `D${order.code.slice(1, -4)}ZZZZ`,
    reference,
    amount: order.amount,
  });
  return { reference, code: order.code };
}

const resolved = (t: TestApp, f: Fixture, resolution: string) =>
  count(
    t,
    `SELECT count(*)::int AS n FROM payment_callbacks c JOIN orders o ON c.reference = 'BANK-LOST-' || o.code
     WHERE o.player_id = $1 AND c.resolution = $2`,
    [f.playerId, resolution],
  );

const applyPaymentCase: Case = {
  // After the commit the payment is applied: the second try finds nothing unmatched.
  retryStatus: { 'before-commit': 200, 'after-commit': 404 },
  retry: retryStaffDecision,
  async prepare(t, f) {
    return staffDecision('applyStaffPayment', await unmatchedPayment(t, f));
  },
  effects: (t, f) => resolved(t, f, 'APPLIED'),
};

const refundPaymentCase: Case = {
  retryStatus: { 'before-commit': 200, 'after-commit': 404 },
  retry: retryStaffDecision,
  async prepare(t, f) {
    const { reference } = await unmatchedPayment(t, f);
    return staffDecision('refundStaffPayment', { reference });
  },
  effects: (t, f) => resolved(t, f, 'REFUNDED'),
};

const retryTransferCase: Case = {
  // Sending a pending transfer again is a nudge, never a second transfer: the provider applies it once. Once
  // delivered (by the retry, or by the worker after a retry committed), a transfer is no longer retried.
  retryStatus: { 'before-commit': 200, 'after-commit': 400 },
  retry: retryStaffDecision,
  async prepare(t, f) {
    const alphabetDown = (down: boolean) =>
      t.ctx.adapters.providers.alphabet.setFaults({
        down,
        latencyMs: 0,
        errorPercent: 0,
        timeoutPercent: 0,
        duplicatePercent: 0,
      });
    await alphabetDown(true);
    const code = await depositAndPay(t.app, f.cookie);
    await alphabetDown(false);
    // The provider was down: the transfer waits out a long backoff, and staff send it again now.
    await t.ctx.db.query(
      `UPDATE provider_outbox SET next_attempt_at = app_now() + interval '1 day' WHERE reference = $1`,
      [`dep:${code}`],
    );
    return staffDecision('retryStaffTransfer', { reference: `dep:${code}` });
  },
  effects: (t, f) =>
    count(
      t,
      `SELECT count(*)::int AS n FROM sandbox_provider_transactions WHERE provider = 'alphabet' AND player_id = $1`,
      [f.playerId],
    ),
};

/** A paid deposit whose callback never came: the reconciler asks the bank and credits it, once. */
const settleDepositCase: Case = {
  retryStatus: 200,
  async prepare(t, f) {
    const order = (await createDeposit(t.app, f.cookie)).body.order;
    await sandboxMarkPaid(t.ctx.db, order.code, `LOST-${order.code}`);
    return { job: { operation: 'settleDeposit', code: order.code } };
  },
  async retry(t, request) {
    const { code } = (request as { job: { code: string } }).job;
    await settleDepositJob(t.ctx, { code, state: 'open', expireIfPending: false });
    return 200;
  },
  effects: (t, f) =>
    count(
      t,
      `SELECT count(*)::int AS n FROM ledger_transfers tr JOIN orders o ON tr.reference = 'dep:' || o.code || ':credit'
       WHERE o.player_id = $1`,
      [f.playerId],
    ),
};

/**
 * A case for every row of the runners' tables, keyed by its operationId: a money operation added to
 * MONEY_OPERATIONS, JOB_MONEY_OPERATIONS or STAFF_MONEY_OPERATIONS does not compile here until it has its
 * crash case.
 */
const CASES: Record<MoneyOperationId | JobMoneyOperationId | StaffMoneyOperationId, Case> = {
  createWithdraw: withdrawCase,
  createDeposit: depositCase,
  moveCredit: moveCreditCase,
  claimPromotion: claimCase,
  cancelPromotionUsage: cancelCase,
  receivePaymentCallback: callbackCase,
  checkDeposit: checkCase,
  cancelDeposit: cancelDepositCase,
  addBankAccount: bankAccountCase,
  payCashback: payCashbackCase,
  settleDeposit: settleDepositCase,
  claimCashback: claimCashbackCase,
  claimCheckIn: claimCheckInCase,
  claimReferral: claimReferralCase,
  approveStaffWithdrawal: approveCase,
  rejectStaffWithdrawal: rejectCase,
  applyStaffPayment: applyPaymentCase,
  refundStaffPayment: refundPaymentCase,
  retryStaffTransfer: retryTransferCase,
};

const cases = (Object.entries(CASES) as [string, Case][]).flatMap(([operation, c]) =>
  (['before-commit', 'after-commit'] as const).map((boundary) => ({ operation, c, boundary })),
);

describe('kill -9 at each commit boundary of each money operation', () => {
  interface Crashed {
    fixture: Fixture;
    request: object;
    creditBefore: number;
    ended: string;
  }
  const crashed = new Map<string, Crashed>();
  let database: string;
  let restarted: TestApp;

  beforeAll(async () => {
    const first = await keptApp();
    database = first.database;
    const prepared = [];
    try {
      for (const { operation, c, boundary } of cases) {
        const p = await registerAndLogin(first.app);
        const fixture: Fixture = { database, cookie: p.cookie, playerId: p.playerId };
        const request = await c.prepare(first, fixture);
        const creditBefore = await playerBalance(first.ctx.db, p.playerId, 'alphabet');
        prepared.push({ name: `${operation}:${boundary}`, fixture, request, creditBefore });
      }
    } finally {
      await first.close();
    }
    for (const { name, ...rest } of prepared)
      crashed.set(name, { ...rest, ended: await runChild(database, name, rest.request) });
    restarted = await keptApp(database);
  }, 300_000);

  afterAll(async () => {
    await restarted?.close();
    await dropDatabase(database);
  });

  it.each(cases.map(({ operation, c, boundary }) => [operation, boundary, c] as const))(
    'in %s at %s: the retry after restart finds the effect exactly once',
    async (operation, boundary, c) => {
      const { fixture, request, creditBefore, ended } = crashed.get(`${operation}:${boundary}`)!;
      expect(ended).toBe('SIGKILL');
      const retryStatus = typeof c.retryStatus === 'number' ? c.retryStatus : c.retryStatus[boundary];
      // Before: the key stayed 'running' (409 for 120 s), then the retry ran the operation again.
      const send = async () =>
        c.retry ? c.retry(restarted, request) : (await restarted.app.inject(request as never)).statusCode;
      expect(await send()).toBe(retryStatus);
      expect(await c.effects(restarted, fixture)).toBe(1);
      // A second retry changes nothing either.
      expect(await send()).toBe(
        typeof c.retryStatus === 'number' ? c.retryStatus : c.retryStatus['after-commit'],
      );
      expect(await c.effects(restarted, fixture)).toBe(1);
      const ledger = await playerBalance(restarted.ctx.db, fixture.playerId, 'alphabet');
      // A provider transfer committed but not delivered before the kill is the worker's: sent once.
      await deliverDue(restarted.ctx);
      expect((await restarted.ctx.adapters.providers.alphabet.wallet(fixture.playerId)).balance).toBe(ledger);
      if (operation === 'createWithdraw') expect(ledger).toBe(creditBefore - 10_000);
    },
  );

  it('after every retry the ledger is sound and no key is left running', async () => {
    expect(await checkInvariants(restarted.ctx.db)).toEqual([]);
    const running = await restarted.ctx.db.query(`SELECT 1 FROM idempotency_keys WHERE state = 'running'`);
    expect(running.rows).toEqual([]);
  });
});

describe('kill -9 in a provider delivery, after the provider applied the transfer', () => {
  it('after restart the worker resolves it by its reference: the provider holds the credit once', async () => {
    const first = await keptApp();
    const database = first.database;
    try {
      const p = await registerAndLogin(first.app);
      const fixture: Fixture = { database, cookie: p.cookie, playerId: p.playerId };
      const request = await callbackCase.prepare(first, fixture);
      await first.close();

      // The claim of the killed process lasts (2 × 300 ms + 1 s, rounded up) 2 s.
      const ended = await runChild(database, 'outbox:after-transfer', request, {
        PROVIDER_TIMEOUT_MS: '300',
      });
      expect(ended).toBe('SIGKILL');

      const restarted = await keptApp(database);
      try {
        const row = await restarted.ctx.db.query<{ reference: string; status: string }>(
          'SELECT reference, status FROM provider_outbox WHERE player_id = $1',
          [p.playerId],
        );
        expect(row.rows).toEqual([{ reference: expect.stringMatching(/^dep:/), status: 'PENDING' }]);
        await new Promise((resolve) => setTimeout(resolve, 2_100));
        expect(await deliverDue(restarted.ctx)).toEqual({ delivered: 1, failed: 0, pending: 0 });
        const applied = await restarted.ctx.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM sandbox_provider_transactions WHERE ref = $1',
          [row.rows[0]!.reference],
        );
        expect(applied.rows[0]!.n).toBe(1);
        const ledger = await playerBalance(restarted.ctx.db, p.playerId, 'alphabet');
        expect(ledger).toBe(15_384);
        expect((await restarted.ctx.adapters.providers.alphabet.wallet(p.playerId)).balance).toBe(ledger);
        expect(await checkInvariants(restarted.ctx.db)).toEqual([]);
      } finally {
        await restarted.close();
      }
    } finally {
      await first.close();
      await dropDatabase(database);
    }
  }, 120_000);
});

describe('kill -9 in an automatic payout, after the payout bank paid', () => {
  it('after restart the worker settles it from the bank, which is not asked twice', async () => {
    const first = await keptApp();
    const database = first.database;
    try {
      const p = await registerAndLogin(first.app);
      const account = await addAccount(first.app, p.cookie);
      // Two days old: no "new account" risk flag, so the withdrawal below is paid automatically.
      await first.ctx.db.query(
        `UPDATE bank_accounts SET created_at = now() - interval '2 days' WHERE id = $1`,
        [account.id],
      );
      await depositAndPay(first.app, p.cookie);
      const request = {
        method: 'POST',
        url: '/api/v2/withdraws',
        headers: { ...jsonHeaders(p.cookie), 'idempotency-key': idemKey() },
        payload: { provider: 'alphabet', bankAccountId: account.id, credit: 10_000 },
      };
      await first.close();

      // The claim of the killed process lasts (2 × 300 ms + 1 s, rounded up) 2 s.
      const ended = await runChild(database, 'outbox:after-payout', request, { PROVIDER_TIMEOUT_MS: '300' });
      expect(ended).toBe('SIGKILL');

      const restarted = await keptApp(database);
      try {
        const order = async () =>
          (
            await restarted.ctx.db.query<{ code: string; status: string; requests: number }>(
              `SELECT o.code, o.status, s.requests FROM orders o LEFT JOIN sandbox_payouts s ON s.order_code = o.code
               WHERE o.player_id = $1 AND o.kind = 'WITHDRAW'`,
              [p.playerId],
            )
          ).rows;
        expect(await order()).toEqual([{ code: expect.any(String), status: 'OPEN', requests: 1 }]);
        await new Promise((resolve) => setTimeout(resolve, 2_100));
        expect(await deliverDue(restarted.ctx)).toEqual({ delivered: 1, failed: 0, pending: 0 });
        expect(await order()).toEqual([{ code: expect.any(String), status: 'SUCCESS', requests: 1 }]);
        // The client's retry of the withdrawal answers the stored order; nothing more is paid.
        expect((await restarted.app.inject(request as never)).statusCode).toBe(201);
        await deliverDue(restarted.ctx);
        expect(await order()).toEqual([{ code: expect.any(String), status: 'SUCCESS', requests: 1 }]);
        expect(await checkInvariants(restarted.ctx.db)).toEqual([]);
      } finally {
        await restarted.close();
      }
    } finally {
      await first.close();
      await dropDatabase(database);
    }
  }, 120_000);
});
