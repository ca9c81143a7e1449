import { startReconciler } from '../src/reconciler';
import { createTestApp, jsonHeaders, registerAndLogin, type TestApp } from './helpers';
import { addAccount, createDeposit, createWithdraw } from './moneyFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

describe('health for a load balancer', () => {
  it('/healthz answers while the process runs; /readyz only with the database and every migration', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    await t.ctx.db.query(`DELETE FROM schema_migrations WHERE name = '006_payments_never_lost.sql'`);
    try {
      const stale = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(stale.statusCode).toBe(503);
      expect(stale.json()).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Not ready: migrations not applied: 006_payments_never_lost.sql',
      });
    } finally {
      await t.ctx.db.query(`INSERT INTO schema_migrations (name) VALUES ('006_payments_never_lost.sql')`);
    }
  });
});

describe('Prometheus metrics', () => {
  it('counts requests per operation, money operations and refusals by code, reconciler lag, keys in flight', async () => {
    const p = await registerAndLogin(t.app);
    const account = await addAccount(t.app, p.cookie);
    expect((await createDeposit(t.app, p.cookie)).status).toBe(201);
    const refused = await createWithdraw(t.app, p.cookie, {
      provider: 'alphabet',
      bankAccountId: account.id,
      credit: 10_000,
    });
    expect(refused.body.code).toBe('CREDIT_NOT_ENOUGH');
    // A credit move is a money operation too: its refusal is counted with the others.
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/credits/move',
      headers: { ...jsonHeaders(p.cookie), 'idempotency-key': 'metrics-move-1' },
      payload: { from: 'gclub', to: 'alphabet', credit: 100 },
    });
    expect(moved.json().code).toBe('CREDIT_NOT_ENOUGH');
    const reconciler = startReconciler(t.ctx, { intervalSeconds: 30, minAgeSeconds: 30, log: t.app.log });
    await reconciler.stop();
    t.app.metrics.watchReconciler(reconciler);

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{operation="createDeposit",status="201"\} 1/);
    expect(text).toMatch(/money_operations_total\{operation="createDeposit",outcome="ok"\} 1/);
    expect(text).toMatch(
      /money_operations_total\{operation="createWithdraw",outcome="CREDIT_NOT_ENOUGH"\} 1/,
    );
    expect(text).toMatch(/money_operations_total\{operation="moveCredit",outcome="CREDIT_NOT_ENOUGH"\} 1/);
    expect(text).toMatch(/reconciler_lag_seconds \d/);
    expect(text).toMatch(/idempotency_keys_in_flight 0/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});
