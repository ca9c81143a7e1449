import { deliverDue, deliverPending } from '../src/domain/money/outboxDelivery';
import { checkInvariants, playerBalance } from '../src/domain/ledger/ledger';
import { runOps } from '../src/ops/commands';
import { createTestApp, registerAndLogin, type TestApp, testActor } from './helpers';
import { approveWithdraw, createWithdrawIn, prepareWithdraw } from '../src/domain/money/withdrawals';
import { playTestRound } from '../src/sandbox/provider/wallets';
import { addAccount, call, credit, depositAndPay } from './moneyFixtures';
import { asTester } from './testApprover';

/**
 * Provider transfers go through the outbox: written with the ledger posting, delivered after commit, and
 * retried by the worker under the same reference when the provider misbehaves. Whatever the fault, the
 * provider ends up holding each transfer exactly once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true', PROVIDER_TIMEOUT_MS: '300' } });
});
afterAll(() => t.close());
afterEach(() => setFaults({}));

const NONE = { down: false, latencyMs: 0, errorPercent: 0, timeoutPercent: 0, duplicatePercent: 0 };
const setFaults = (faults: Partial<typeof NONE>) =>
  t.ctx.adapters.providers.alphabet.setFaults({ ...NONE, ...faults });
const providerBalance = async (playerId: string) =>
  (await t.ctx.adapters.providers.alphabet.wallet(playerId)).balance;
const appliedAtProvider = async (reference: string) =>
  (
    await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sandbox_provider_transactions WHERE provider = 'alphabet' AND ref = $1`,
      [reference],
    )
  ).rows[0]!.n;
const outboxRow = async (reference: string) =>
  (
    await t.ctx.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM provider_outbox WHERE reference = $1',
      [reference],
    )
  ).rows[0];
/** Past the first retry's backoff (1 s). */
const afterBackoff = () => new Promise((resolve) => setTimeout(resolve, 1_100));
const ops = (...args: string[]) => runOps(t.ctx, args);

describe('provider outbox under faults', () => {
  it('provider down during a deposit: credited at once, delivered exactly once when it is back', async () => {
    const p = await registerAndLogin(t.app);
    await setFaults({ down: true });
    const code = await depositAndPay(t.app, p.cookie);
    // The player sees the credit (the ledger's figure while the provider is silent) ...
    expect(await credit(t.app, p.cookie)).toBe('153.84');
    expect(await outboxRow(`dep:${code}`)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await ops('transfers', 'pending')).output).toContain(`dep:${code}`);
    await setFaults({});
    // ... and the provider has nothing yet.
    expect(await providerBalance(p.playerId)).toBe(0);

    await afterBackoff();
    await deliverDue(t.ctx);
    await deliverDue(t.ctx);
    expect(await providerBalance(p.playerId)).toBe(15_384);
    expect(await appliedAtProvider(`dep:${code}`)).toBe(1);
    expect(await outboxRow(`dep:${code}`)).toMatchObject({ status: 'DELIVERED' });
    expect(await credit(t.app, p.cookie)).toBe('153.84');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
    expect((await ops('invariants')).exitCode).toBe(0);
  });

  it('a provider that processes a delivery twice changes nothing', async () => {
    const p = await registerAndLogin(t.app);
    await setFaults({ duplicatePercent: 100 });
    const code = await depositAndPay(t.app, p.cookie);
    await setFaults({});
    expect(await providerBalance(p.playerId)).toBe(15_384);
    expect(await appliedAtProvider(`dep:${code}`)).toBe(1);
  });

  it('an answer lost to a timeout is resolved by asking about the reference, never sent anew', async () => {
    const p = await registerAndLogin(t.app);
    await setFaults({ timeoutPercent: 100 });
    const code = await depositAndPay(t.app, p.cookie);
    await setFaults({});
    // Applied at the provider, but the site does not know it yet.
    expect(await outboxRow(`dep:${code}`)).toMatchObject({ status: 'PENDING' });
    expect(await providerBalance(p.playerId)).toBe(15_384);

    await afterBackoff();
    await deliverDue(t.ctx);
    expect(await outboxRow(`dep:${code}`)).toMatchObject({ status: 'DELIVERED', attempts: 2 });
    expect(await providerBalance(p.playerId)).toBe(15_384);
    expect(await appliedAtProvider(`dep:${code}`)).toBe(1);
    expect((await ops('invariants')).exitCode).toBe(0);
  });

  it('errors and latency: delivered once after retries', async () => {
    const p = await registerAndLogin(t.app);
    await setFaults({ errorPercent: 100, latencyMs: 50 });
    const code = await depositAndPay(t.app, p.cookie);
    expect(await outboxRow(`dep:${code}`)).toMatchObject({ status: 'PENDING' });
    await setFaults({ latencyMs: 50 });
    expect((await ops('transfers', 'retry', `dep:${code}`, ...(await asTester(t.ctx.db)))).output).toBe(
      `dep:${code} DELIVERED`,
    );
    expect(await providerBalance(p.playerId)).toBe(15_384);
    expect(await playerBalance(t.ctx.db, p.playerId, 'alphabet')).toBe(15_384);
  });

  it('ops: transfers failed lists refused and stuck rows; retry refuses a row that is not pending', async () => {
    const p = await registerAndLogin(t.app);
    const code = await depositAndPay(t.app, p.cookie);
    const retried = await ops('transfers', 'retry', `dep:${code}`, ...(await asTester(t.ctx.db)));
    expect(retried).toEqual({ exitCode: 1, output: expect.stringContaining('is DELIVERED') });
    expect((await ops('transfers', 'retry', 'nothing:here', ...(await asTester(t.ctx.db)))).output).toContain(
      'NOT_FOUND',
    );
    expect((await ops('transfers', 'retry')).exitCode).toBe(2);

    await setFaults({ down: true });
    const stuck = await depositAndPay(t.app, p.cookie);
    await t.ctx.db.query(
      `UPDATE provider_outbox SET created_at = now() - interval '1 hour' WHERE reference = $1`,
      [`dep:${stuck}`],
    );
    const failed = await ops('transfers', 'failed');
    expect(failed.output).toContain(`dep:${stuck}`);
    expect(failed.output).toContain('STUCK');
    expect(failed.output).not.toContain(`dep:${code} `);
    await setFaults({});
    expect((await ops('transfers', 'retry', `dep:${stuck}`, ...(await asTester(t.ctx.db)))).output).toBe(
      `dep:${stuck} DELIVERED`,
    );
    expect((await ops('transfers', 'pending')).output).not.toContain(`dep:${stuck}`);
  });

  it('ops providers faults switches a provider off and on', async () => {
    const down = await ops('providers', 'faults', 'alphabet', '--down', '--latency', '5');
    expect(down.output).toContain('"down":true');
    expect(down.output).toContain('"latencyMs":5');
    await expect(
      t.ctx.adapters.providers.alphabet.wallet('00000000-0000-4000-8000-000000000000'),
    ).rejects.toThrow(/503/);
    expect((await ops('providers', 'faults', 'alphabet', '--clear')).output).toContain('"down":false');
    expect((await ops('providers', 'faults', 'nowhere')).exitCode).toBe(2);
    expect((await ops('providers', 'faults', 'alphabet', '--errors', '101')).exitCode).toBe(2);
  });

  it('ops invariants reports a wallet that does not add up', async () => {
    const p = await registerAndLogin(t.app);
    await depositAndPay(t.app, p.cookie);
    await t.ctx.db.query(
      `UPDATE sandbox_provider_wallets SET balance = balance + 1 WHERE provider = 'alphabet' AND player_id = $1`,
      [p.playerId],
    );
    const checked = await ops('invariants');
    expect(checked.exitCode).toBe(1);
    expect(checked.output).toContain(`wallet of ${p.playerId}`);
    await t.ctx.db.query(
      `UPDATE sandbox_provider_wallets SET balance = balance - 1 WHERE provider = 'alphabet' AND player_id = $1`,
      [p.playerId],
    );
    expect((await ops('invariants')).exitCode).toBe(0);
  });

  it('a withdrawal waits for its OUT to be approved; an OUT refused at delivery fails it with the credit back', async () => {
    const p = await registerAndLogin(t.app);
    const account = await addAccount(t.app, p.cookie);
    await depositAndPay(t.app, p.cookie);
    // The provider answers the wallet read, then goes down before the OUT is delivered.
    await prepareWithdraw(t.ctx, p.playerId, 'alphabet');
    await setFaults({ down: true });
    const withdraw = { provider: 'alphabet' as const, bankAccountId: account.id, credit: 10_000 };
    const { code } = await t.ctx.db.tx((q) => createWithdrawIn(t.ctx, q, p.playerId, withdraw));
    await deliverPending(t.ctx, p.playerId);
    await expect(approveWithdraw(t.ctx, code, testActor)).rejects.toMatchObject({ code: 'TRANSFER_PENDING' });
    // Before the OUT arrives, the credit is played away at the provider: the OUT is refused.
    await setFaults({});
    expect(await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 15_384 })).toBe(
      true,
    );
    expect((await ops('transfers', 'retry', `wd:${code}`, ...(await asTester(t.ctx.db)))).output).toBe(
      `wd:${code} FAILED`,
    );
    const order = await t.ctx.db.query<{ status: string }>('SELECT status FROM orders WHERE code = $1', [
      code,
    ]);
    expect(order.rows[0]!.status).toBe('FAILED');
    expect((await ops('transfers', 'failed')).output).toContain(`wd:${code}`);
    // The hold came back, and the loss of the whole 153.84 is booked against it.
    expect(await credit(t.app, p.cookie)).toBe('0.00');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
    expect((await ops('invariants')).exitCode).toBe(0);
  });
});

describe('a promotion cancel while the provider is slow', () => {
  async function playerWithBonus() {
    const p = await registerAndLogin(t.app);
    await addAccount(t.app, p.cookie);
    const claimed = await call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
      cookie: p.cookie,
      payload: { promotionId: 'daily-10', providerId: 'alphabet' },
    });
    expect(claimed.status).toBe(200);
    await depositAndPay(t.app, p.cookie, { amount: 200_000 }); // 30,769 + 3,076 bonus
    expect(await credit(t.app, p.cookie)).toBe('338.45');
    return { ...p, usageId: claimed.body.usage.usageId as string };
  }
  const cancel = (cookie: string, usageId: string) =>
    call(t.app, 'cancelPromotionUsage', 'POST', '/api/v2/promotions/usages/cancel', {
      cookie,
      payload: { usageId },
    });
  const current = async (cookie: string) =>
    (await call(t.app, 'getCurrentPromotion', 'GET', '/api/v2/players/promotions/using', { cookie })).body
      .usage;

  it('ends the promotion only once the provider has taken the bonus back', async () => {
    const p = await playerWithBonus();
    await setFaults({ down: true });
    const asked = await cancel(p.cookie, p.usageId);
    expect(asked.body.usage).toMatchObject({ status: 'USED', cancelPending: true });
    // Asking again while the take-back is on its way changes nothing.
    expect((await cancel(p.cookie, p.usageId)).body.usage).toMatchObject({ cancelPending: true });
    await setFaults({});
    await afterBackoff();
    await deliverDue(t.ctx);
    const ended = await call(t.app, 'listPromotionUsages', 'GET', '/api/v2/promotions/usages', {
      cookie: p.cookie,
    });
    expect(ended.body.items[0]).toMatchObject({ usageId: p.usageId, status: 'CANCELED' });
    expect(ended.body.items[0].cancelPending).toBeUndefined();
    expect(await credit(t.app, p.cookie)).toBe('307.69');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  });

  it('leaves the promotion in force, with its rules, when the provider refuses the take-back', async () => {
    const p = await playerWithBonus();
    await setFaults({ down: true });
    expect((await cancel(p.cookie, p.usageId)).body.usage).toMatchObject({ cancelPending: true });
    // Meanwhile the credit is played away at the provider: it cannot give the bonus back.
    await playTestRound(t.ctx.db, { provider: 'alphabet', playerId: p.playerId, bet: 33_000, win: 0 });
    await setFaults({});
    await afterBackoff();
    await deliverDue(t.ctx);
    const inForce = await current(p.cookie);
    expect(inForce).toMatchObject({ usageId: p.usageId, status: 'USED' });
    expect(inForce.cancelPending).toBeUndefined();
    expect(await providerBalance(p.playerId)).toBe(845);
    // Cancelled again, it takes back what is there now, and ends.
    expect((await cancel(p.cookie, p.usageId)).body.usage).toMatchObject({ cancelPending: true });
    expect(await current(p.cookie)).toBeNull();
    expect(await credit(t.app, p.cookie)).toBe('0.00');
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
    expect((await ops('invariants')).exitCode).toBe(0);
  });
});
