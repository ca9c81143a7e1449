import { checkInvariants } from '../src/domain/ledger/ledger';
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import {
  addAccount,
  call,
  createWithdraw,
  credit,
  depositAndPay,
  fundedPlayer,
  idemKey,
} from './moneyFixtures';

/**
 * Idempotency-Key as the contract documents it, the same on PGlite and PostgreSQL: the key commits with
 * the effect, so it exists exactly when the effect does (the crash tests in crash.test.ts kill the server
 * around that commit).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

async function withdrawCount(playerId: string): Promise<number> {
  const r = await t.ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders WHERE player_id = $1 AND kind = 'WITHDRAW'`,
    [playerId],
  );
  return r.rows[0]!.n;
}

it('concurrent requests with one key: one effect, the others 409 IDEMPOTENCY_IN_PROGRESS or its replay', async () => {
  const p = await fundedPlayer(t.app);
  const key = idemKey();
  const payload = { provider: 'alphabet', bankAccountId: p.account.id, credit: 10_000 };
  const results = await Promise.all(
    Array.from({ length: 6 }, () => createWithdraw(t.app, p.cookie, payload, key)),
  );
  const created = results.filter((r) => r.status === 201);
  const refused = results.filter((r) => r.status !== 201);
  expect(created.length).toBeGreaterThanOrEqual(1);
  for (const r of created) expect(r.body).toEqual(created[0]!.body);
  // Before: on PGlite the requests queued behind each other and all replayed; none was told 409.
  expect(refused.length).toBeGreaterThanOrEqual(1);
  for (const r of refused)
    expect(r).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_IN_PROGRESS' } });
  expect(await withdrawCount(p.playerId)).toBe(1);
  expect(await credit(t.app, p.cookie)).toBe('53.84');
  // Once the first finished, the key replays.
  expect(await createWithdraw(t.app, p.cookie, payload, key)).toEqual(created[0]);
});

it('a request that failed left no key: the same key runs afresh once the player can pay', async () => {
  const p = await registerAndLogin(t.app);
  const account = await addAccount(t.app, p.cookie);
  const key = idemKey();
  const payload = { provider: 'alphabet', bankAccountId: account.id, credit: 10_000 };
  expect(await createWithdraw(t.app, p.cookie, payload, key)).toMatchObject({
    status: 409,
    body: { code: 'CREDIT_NOT_ENOUGH' },
  });
  await depositAndPay(t.app, p.cookie);
  expect((await createWithdraw(t.app, p.cookie, payload, key)).status).toBe(201);
  expect(await withdrawCount(p.playerId)).toBe(1);
});

it('the key and the effect commit together: no key row without its order, none in a running state', async () => {
  const p = await fundedPlayer(t.app);
  const key = idemKey();
  const payload = { provider: 'alphabet', bankAccountId: p.account.id, credit: 10_000 };
  const created = await createWithdraw(t.app, p.cookie, payload, key);
  const stored = await t.ctx.db.query<{ state: string; response_body: { order: { code: string } } }>(
    `SELECT state, response_body FROM idempotency_keys WHERE player_id = $1 AND key = $2`,
    [p.playerId, key],
  );
  expect(stored.rows).toHaveLength(1);
  expect(stored.rows[0]!.state).toBe('done');
  expect(stored.rows[0]!.response_body.order.code).toBe(created.body.order.code);
});

it('promotion use and cancel replay under an Idempotency-Key', async () => {
  const p = await fundedPlayer(t.app);
  await t.ctx.db.query(`UPDATE orders SET status = 'FAILED' WHERE player_id = $1`, [p.playerId]);
  const useKey = idemKey();
  const use = () =>
    call(t.app, 'claimPromotion', 'POST', '/api/v2/promotions/use', {
      cookie: p.cookie,
      headers: { 'idempotency-key': useKey },
      // gclub: the player's credit is at alphabet, which would make the promotion unusable there.
      payload: { promotionId: 'daily-10', providerId: 'gclub' },
    });
  const first = await use();
  expect(first.status).toBe(200);
  // Without the key a second claim is refused (a promotion is in use); with it, the first answer again.
  expect(await use()).toEqual(first);
  const usageId = first.body.usage.usageId as string;

  const cancelKey = idemKey();
  const cancel = () =>
    call(t.app, 'cancelPromotionUsage', 'POST', '/api/v2/promotions/usages/cancel', {
      cookie: p.cookie,
      headers: { 'idempotency-key': cancelKey },
      payload: { usageId },
    });
  const canceled = await cancel();
  expect(canceled.body.usage).toMatchObject({ usageId, status: 'CANCELED' });
  expect(await cancel()).toEqual(canceled);
  expect(
    await call(t.app, 'cancelPromotionUsage', 'POST', '/api/v2/promotions/usages/cancel', {
      cookie: p.cookie,
      headers: { 'idempotency-key': cancelKey },
      payload: { usageId: '00000000-0000-4000-8000-000000000000' },
    }),
  ).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
  expect(await checkInvariants(t.ctx.db)).toEqual([]);
});
