import { signPayload } from '../src/adapters/paymentSignature';
import { checkInvariants, playerBalance } from '../src/domain/ledger/ledger';
import { deliverDue } from '../src/domain/money/outboxDelivery';
import { approveWithdraw, rejectWithdraw } from '../src/domain/money/withdrawals';
import { DomainError } from '../src/errors';
import {
  createTestApp,
  jsonHeaders,
  registerAndLogin,
  type TestApp,
  spawnOnTestDatabase,
  testActor,
} from './helpers';
import { removeBundles } from './nodeBundles';
import { addAccount, createDeposit, createWithdraw, credit, depositAndPay, idemKey } from './moneyFixtures';

afterAll(() => removeBundles());

// Real parallelism needs a real server: these run when DATABASE_URL is set (a fresh schema per app).
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('concurrency on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function fundedPlayer(deposits = 1) {
    const p = await registerAndLogin(t.app);
    const account = await addAccount(t.app, p.cookie);
    for (let i = 0; i < deposits; i++) await depositAndPay(t.app, p.cookie);
    return { ...p, account };
  }

  it('50 parallel withdrawals that together exceed the credit never overdraw', async () => {
    const p = await fundedPlayer(); // 15,384 satang
    await depositAndPay(t.app, p.cookie); // 30,768 satang: three of 10,000 fit
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        createWithdraw(t.app, p.cookie, {
          provider: 'alphabet',
          bankAccountId: p.account.id,
          credit: 10_000,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(3);
    // Refused beyond the credit, or while an earlier hold was still on its way to the provider.
    for (const r of results.filter((x) => x.status !== 201))
      expect(['CREDIT_NOT_ENOUGH', 'TRANSFER_PENDING']).toContain(r.body.code);
    // Asked again one by one: exactly three fit in all.
    let made = ok.length;
    for (;;) {
      const again = await createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: p.account.id,
        credit: 10_000,
      });
      if (again.status !== 201) {
        expect(again.body.code).toBe('CREDIT_NOT_ENOUGH');
        break;
      }
      made += 1;
    }
    expect(made).toBe(3);
    expect(await credit(t.app, p.cookie)).toBe('7.68');
    expect(await playerBalance(t.ctx.db, p.playerId, 'alphabet')).toBe(768);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('the same bank callback delivered 20 times in parallel credits once', async () => {
    const p = await registerAndLogin(t.app);
    const code = (await createDeposit(t.app, p.cookie)).body.order.code;
    const raw = JSON.stringify({
      billNumber: code,
      reference: `BCEL-${code}`,
      amount: 100_000,
      currency: 'LAK',
      status: 'SUCCESS',
      paidAt: new Date().toISOString(),
    });
    const signature = signPayload(t.ctx.config.gatewaySecret, raw);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/payments/callback',
          headers: { 'content-type': 'application/json', 'x-signature': signature },
          payload: raw,
        }),
      ),
    );
    for (const r of results) expect(r.statusCode).toBe(200);
    expect(await credit(t.app, p.cookie)).toBe('153.84');
    const transfers = await t.ctx.db.query('SELECT 1 FROM ledger_transfers WHERE order_code = $1', [code]);
    expect(transfers.rows).toHaveLength(2);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('reject racing approve resolves once, and the hold is released once', async () => {
    const p = await fundedPlayer(2); // 30,768
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      codes.push(
        (
          await createWithdraw(t.app, p.cookie, {
            provider: 'alphabet',
            bankAccountId: p.account.id,
            credit: 10_000,
          })
        ).body.order.code,
      );
    }
    let returned = 0;
    for (const code of codes) {
      const outcomes = await Promise.allSettled([
        approveWithdraw(t.ctx, code, testActor),
        rejectWithdraw(t.ctx, code, testActor),
        rejectWithdraw(t.ctx, code, testActor),
        approveWithdraw(t.ctx, code, testActor),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled') as PromiseFulfilledResult<{
        status: string;
      }>[];
      expect(won).toHaveLength(1);
      for (const o of outcomes.filter((x) => x.status === 'rejected') as PromiseRejectedResult[]) {
        expect(o.reason).toBeInstanceOf(DomainError);
        expect((o.reason as DomainError).code).toBe('ORDER_CLOSED');
      }
      if (won[0]!.value.status === 'REJECTED') returned += 10_000;
    }
    expect(await playerBalance(t.ctx.db, p.playerId, 'alphabet')).toBe(768 + returned);
    await deliverDue(t.ctx);
    expect((await t.ctx.adapters.providers.alphabet.wallet(p.playerId)).balance).toBe(768 + returned);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('two parallel claims: one promotion in use', async () => {
    const p = await registerAndLogin(t.app);
    await addAccount(t.app, p.cookie);
    const claims = await Promise.all(
      ['daily-10', 'slot-50', 'welcome-100', 'daily-10'].map((promotionId) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/promotions/use',
          headers: jsonHeaders(p.cookie),
          payload: { promotionId, providerId: 'alphabet' },
        }),
      ),
    );
    expect(claims.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of claims.filter((x) => x.statusCode !== 200))
      expect(r.json().code).toBe('PROMOTION_IN_USE');
  });

  it('a mixed burst on one player (deposits, withdrawals, approvals, rejections) ends sound and without deadlocks', async () => {
    const deadlocks = async () =>
      Number(
        (
          await t.ctx.db.query<{ n: string }>(
            'SELECT deadlocks::text AS n FROM pg_stat_database WHERE datname = current_database()',
          )
        ).rows[0]!.n,
      );
    const before = await deadlocks();
    const p = await fundedPlayer(3); // 46,152
    const withdrawals = await Promise.all(
      Array.from({ length: 4 }, () =>
        createWithdraw(t.app, p.cookie, {
          provider: 'alphabet',
          bankAccountId: p.account.id,
          credit: 10_000,
        }),
      ),
    );
    const codes = withdrawals.filter((w) => w.status === 201).map((w) => w.body.order.code as string);
    const code = (await createDeposit(t.app, p.cookie)).body.order.code;
    const raw = JSON.stringify({
      billNumber: code,
      reference: `BCEL-${code}`,
      amount: 100_000,
      currency: 'LAK',
      status: 'SUCCESS',
      paidAt: new Date().toISOString(),
    });
    const signature = signPayload(t.ctx.config.gatewaySecret, raw);
    await Promise.allSettled([
      ...codes.map((c, i) =>
        i % 2 ? approveWithdraw(t.ctx, c, testActor) : rejectWithdraw(t.ctx, c, testActor),
      ),
      ...Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2/payments/callback',
          headers: { 'content-type': 'application/json', 'x-signature': signature },
          payload: raw,
        }),
      ),
      ...Array.from({ length: 6 }, () =>
        createWithdraw(t.app, p.cookie, {
          provider: 'alphabet',
          bankAccountId: p.account.id,
          credit: 10_000,
        }),
      ),
    ]);
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
    await deliverDue(t.ctx);
    expect((await t.ctx.adapters.providers.alphabet.wallet(p.playerId)).balance).toBe(
      await playerBalance(t.ctx.db, p.playerId, 'alphabet'),
    );
    // Statistics are flushed asynchronously; give them a moment.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await deadlocks()).toBe(before);
  });

  it('idempotency: 10 parallel requests with one key take the credit once', async () => {
    const p = await fundedPlayer();
    const key = idemKey();
    const payload = { provider: 'alphabet', bankAccountId: p.account.id, credit: 10_000 };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => createWithdraw(t.app, p.cookie, payload, key)),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.body).toEqual(created[0]!.body);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_IN_PROGRESS' } });
    expect(await credit(t.app, p.cookie)).toBe('53.84');
    expect(await createWithdraw(t.app, p.cookie, payload, key)).toEqual(created[0]);
    expect(await createWithdraw(t.app, p.cookie, { ...payload, credit: 11_000 }, key)).toMatchObject({
      status: 422,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
  });

  it('the "more than 3 an hour" flag holds when one player withdraws at every provider at once', async () => {
    const p = await fundedPlayer();
    await t.ctx.db.query(`UPDATE bank_accounts SET created_at = now() - interval '2 days' WHERE id = $1`, [
      p.account.id,
    ]);
    const providers = ['alphabet', 'askmebet', 'gclub', 'gclub_live'];
    // 307.68 THB at every provider: two withdrawals of 100 THB each.
    await depositAndPay(t.app, p.cookie);
    for (const provider of providers.slice(1))
      await depositAndPay(t.app, p.cookie, { provider, amount: 200_000 });
    const automatic: boolean[] = [];
    // Two bursts of four: each burst asks every provider at the same moment.
    for (let burst = 0; burst < 2; burst++) {
      const results = await Promise.all(
        providers.map((provider) =>
          createWithdraw(t.app, p.cookie, { provider, bankAccountId: p.account.id, credit: 10_000 }),
        ),
      );
      for (const r of results) {
        expect({ status: r.status, code: r.body.code }).toEqual({ status: 201, code: undefined });
        automatic.push(r.body.order.payout.automatic as boolean);
      }
    }
    // AUTO_WITHDRAW_MAX_PER_HOUR is 3: the other five wait for the operator.
    expect(automatic.filter(Boolean)).toHaveLength(3);
  });
});

describe('a server killed in the middle of deposits', () => {
  it('leaves a sound ledger, in step with the provider wallet', async () => {
    const first = await createTestApp({ keep: true, env: { SANDBOX: 'true' } });
    const p = await registerAndLogin(first.app);
    const account = await addAccount(first.app, p.cookie);
    const database = first.database;
    await first.close();

    const child = await spawnOnTestDatabase('concurrencyChild.ts', database, {
      PROVIDER_TIMEOUT_MS: '300',
      CHILD_PLAYER_ID: p.playerId,
      CHILD_BANK_ACCOUNT_ID: account.id,
    });
    let ticks = 0;
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        ticks += (String(d).match(/tick/g) ?? []).length;
        // Kill it a little after a tick, in the middle of the next iteration's transactions.
        if (ticks >= 4) setTimeout(() => child.kill('SIGKILL'), 7).unref();
      });
      child.on('exit', (_code, signal) =>
        signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited on its own: ${stderr}`)),
      );
    });
    expect(ticks).toBeGreaterThanOrEqual(4);

    const reopened = await createTestApp({ reuse: database, env: { SANDBOX: 'true' } });
    try {
      expect(await checkInvariants(reopened.ctx.db)).toEqual([]);
      // Every provider transfer was written to the outbox with its ledger postings: once the worker has
      // delivered what the kill left behind (a claim of the dead process runs out first), they agree.
      const ledger = await playerBalance(reopened.ctx.db, p.playerId, 'alphabet');
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await deliverDue(reopened.ctx);
      expect((await reopened.ctx.adapters.providers.alphabet.wallet(p.playerId)).balance).toBe(ledger);
      const orders = await reopened.ctx.db.query<{ status: string }>(
        `SELECT status FROM orders WHERE player_id = $1 AND status = 'PAID'`,
        [p.playerId],
      );
      expect(orders.rows).toEqual([]); // PAID never survives: it becomes SUCCESS in the same transaction
    } finally {
      await reopened.close();
      if (process.env.DATABASE_URL) {
        const { Client } = await import('pg');
        const c = new Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS ${database} CASCADE`);
        await c.end();
      } else {
        const { rmSync } = await import('node:fs');
        rmSync(database, { recursive: true, force: true });
      }
    }
  }, 120_000);
});
