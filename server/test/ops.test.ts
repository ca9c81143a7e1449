import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedLockProblem, runOps } from '../src/ops';
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { addAccount, createDeposit, createWithdraw, depositAndPay } from './moneyFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

async function ops(...argv: string[]) {
  const lines: string[] = [];
  const code = await runOps(argv, t.ctx, (l) => lines.push(l));
  return { code, out: lines.join('\n') };
}

describe('operator commands', () => {
  it('lists, approves and rejects withdrawals; fails deposits; checks invariants', async () => {
    const p = await registerAndLogin(t.app);
    const account = await addAccount(t.app, p.cookie);
    await depositAndPay(t.app, p.cookie);
    await depositAndPay(t.app, p.cookie);
    const w1 = (
      await createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: account.id,
        credit: 10_000,
      })
    ).body.order.code;
    const w2 = (
      await createWithdraw(t.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: account.id,
        credit: 12_000,
      })
    ).body.order.code;

    const open = await ops('withdrawals', 'list', '--status', 'OPEN');
    expect(open.code).toBe(0);
    expect(open.out).toContain(w1);
    expect(open.out).toContain(w2);

    expect(await ops('withdrawals', 'approve', w1)).toEqual({ code: 0, out: `${w1} SUCCESS` });
    expect(await ops('withdrawals', 'reject', w2)).toEqual({ code: 0, out: `${w2} REJECTED` });
    expect(await ops('withdrawals', 'approve', w2)).toMatchObject({
      code: 1,
      out: expect.stringContaining('ORDER_CLOSED'),
    });
    expect(await ops('withdrawals', 'reject', 'W261122NOTHERE00')).toMatchObject({
      code: 1,
      out: expect.stringContaining('ORDER_NOT_FOUND'),
    });
    const payout = await t.ctx.db.query<{ amount: string }>(
      'SELECT amount::text AS amount FROM sandbox_payouts WHERE order_code = $1',
      [w1],
    );
    expect(payout.rows[0]?.amount).toBe('64000');

    const d = (await createDeposit(t.app, p.cookie)).body.order.code;
    expect((await ops('deposits', 'list', '--status', 'OPEN')).out).toContain(d);
    expect(await ops('deposits', 'fail', d)).toEqual({ code: 0, out: `${d} FAILED` });

    expect(await ops('invariants')).toEqual({ code: 0, out: 'ledger ok: no problems' });
  });

  it('reports ledger problems with exit code 1', async () => {
    // Break a cached balance behind the ledger's back (accounts are not immutable; postings are).
    await t.ctx.db.query(
      `UPDATE ledger_accounts SET balance = balance + 1 WHERE key = 'system:payout_clearing:LAK'`,
    );
    const res = await ops('invariants');
    expect(res.code).toBe(1);
    expect(res.out).toContain('balance: system:payout_clearing:LAK');
    await t.ctx.db.query(
      `UPDATE ledger_accounts SET balance = balance - 1 WHERE key = 'system:payout_clearing:LAK'`,
    );
  });

  it('refuses to change postings (immutable ledger)', async () => {
    await expect(t.ctx.db.query('UPDATE ledger_postings SET amount = amount + 1')).rejects.toThrow(
      /immutable/,
    );
    await expect(t.ctx.db.query('DELETE FROM ledger_transfers')).rejects.toThrow(/immutable/);
  });

  it('answers usage errors with exit code 2', async () => {
    expect((await ops('withdrawals', 'approve')).code).toBe(2);
    expect((await ops('deposits', 'list', '--status', 'NOPE')).code).toBe(2);
    expect((await ops('frobnicate')).code).toBe(2);
  });

  it('refuses an embedded data dir that another process holds open', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ops-lock-'));
    try {
      expect(embeddedLockProblem({ databaseUrl: '', dataDir: dir }, false)).toBeNull();
      writeFileSync(path.join(dir, 'postmaster.pid'), '-42\n');
      expect(embeddedLockProblem({ databaseUrl: '', dataDir: dir }, false)).toMatch(/Stop the server/);
      expect(embeddedLockProblem({ databaseUrl: '', dataDir: dir }, true)).toBeNull();
      expect(embeddedLockProblem({ databaseUrl: 'postgres://x', dataDir: dir }, false)).toBeNull();
      // The real CLI process, through npm's script runner (tsx), exits 3 with the message.
      const res = spawnSync('npx', ['tsx', 'server/src/ops.ts', 'invariants'], {
        cwd: path.join(__dirname, '../..'),
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, NODE_OPTIONS: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(res.status).toBe(3);
      expect(res.stderr).toContain('is open in another process');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
