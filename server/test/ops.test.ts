import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { embeddedDatabaseHeld, runOnServer } from '../src/ops/cli';
import { runOps } from '../src/ops/commands';
import { listenOpsSocket, opsSocketPath, sendOpsCommand, type OpsSocketServer } from '../src/ops/socket';
import { bundledScript, removeBundles } from './nodeBundles';
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { addAccount, createDeposit, createWithdraw, depositAndPay } from './moneyFixtures';
import { TEST_WASM_FLAGS } from './wasmFlags';
import { asTester } from './testApprover';

const ROOT = path.join(__dirname, '../..');

afterAll(() => removeBundles());

describe('operator commands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function ops(...argv: string[]) {
    const { exitCode, output } = await runOps(t.ctx, argv);
    return { code: exitCode, out: output };
  }

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

    expect(await ops('withdrawals', 'approve', w1, ...(await asTester(t.ctx.db)))).toEqual({
      code: 0,
      out: `${w1} SUCCESS`,
    });
    expect(await ops('withdrawals', 'reject', w2, ...(await asTester(t.ctx.db)))).toEqual({
      code: 0,
      out: `${w2} REJECTED`,
    });
    expect(await ops('withdrawals', 'approve', w2, ...(await asTester(t.ctx.db)))).toMatchObject({
      code: 1,
      out: expect.stringContaining('ORDER_CLOSED'),
    });
    expect(
      await ops('withdrawals', 'reject', 'W261122NOTHERE00', ...(await asTester(t.ctx.db))),
    ).toMatchObject({
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
    // Break a player's cached balance behind the ledger's back (accounts are not immutable; postings are).
    const { rows } = await t.ctx.db.query<{ key: string }>(
      `SELECT key FROM ledger_accounts WHERE NOT is_system AND balance > 0 ORDER BY id LIMIT 1`,
    );
    const key = rows[0]!.key;
    await t.ctx.db.query(`UPDATE ledger_accounts SET balance = balance + 1 WHERE key = $1`, [key]);
    const res = await ops('invariants');
    expect(res.code).toBe(1);
    expect(res.out).toContain(`balance: ${key}`);
    await t.ctx.db.query(`UPDATE ledger_accounts SET balance = balance - 1 WHERE key = $1`, [key]);
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
    expect(await ops('frobnicate')).toMatchObject({ code: 2, out: expect.stringContaining('usage:') });
  });

  it('refuses an embedded data dir that another process holds open when no server answers', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ops-lock-'));
    try {
      expect(embeddedDatabaseHeld({ databaseUrl: '', dataDir: dir })).toBe(false);
      writeFileSync(path.join(dir, 'postmaster.pid'), '-42\n');
      expect(embeddedDatabaseHeld({ databaseUrl: '', dataDir: dir })).toBe(true);
      expect(embeddedDatabaseHeld({ databaseUrl: 'postgres://x', dataDir: dir })).toBe(false);
      // The real CLI process, through npm's script runner (tsx), exits 3 with the message.
      const res = spawnSync('npx', ['tsx', 'server/src/ops/cli.ts', 'invariants'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, NODE_OPTIONS: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(res.status).toBe(3);
      expect(res.stderr).toContain('is open in another process');
      expect(res.stderr).toContain('add --force');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The CLI as a user runs it, in its own process; async, so the socket served by this process answers. */
async function cli(
  dataDir: string,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // The CLI's esbuild bundle: under tsx each run compiled every module of the server again (seconds).
  const script = await bundledScript('server/src/ops/cli.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TEST_WASM_FLAGS, script, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('operator commands while the server holds the embedded database', () => {
  let s: TestApp;
  let socket: OpsSocketServer;
  let sockPath: string;
  beforeAll(async () => {
    // Always PGlite: that is the database a second process cannot open.
    s = await createTestApp({ env: { DATABASE_URL: '', SANDBOX: 'true' } });
    sockPath = opsSocketPath(s.database);
    socket = await listenOpsSocket(s.ctx, sockPath, s.app.log);
  });
  afterAll(async () => {
    await socket?.close();
    await s?.close();
  });

  it('runs the CLI through the server: list and approve a withdrawal', async () => {
    // PGlite marks the directory as held, exactly as the running server does.
    expect(existsSync(path.join(s.database, 'postmaster.pid'))).toBe(true);
    expect(statSync(sockPath).mode & 0o777).toBe(0o600);

    const p = await registerAndLogin(s.app);
    const account = await addAccount(s.app, p.cookie);
    await depositAndPay(s.app, p.cookie);
    const code = (
      await createWithdraw(s.app, p.cookie, {
        provider: 'alphabet',
        bankAccountId: account.id,
        credit: 10_000,
      })
    ).body.order.code as string;

    const list = await cli(s.database, 'withdrawals', 'list', '--status', 'OPEN');
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout).toContain(code);
    expect(list.stdout).toContain('1 order(s)');

    const approve = await cli(s.database, 'withdrawals', 'approve', code, ...(await asTester(s.ctx.db)));
    expect(approve).toMatchObject({ code: 0, stdout: `${code} SUCCESS\n` });
    const order = await s.ctx.db.query<{ status: string }>('SELECT status FROM orders WHERE code = $1', [
      code,
    ]);
    expect(order.rows[0]?.status).toBe('SUCCESS');

    expect(
      await cli(s.database, 'withdrawals', 'approve', code, ...(await asTester(s.ctx.db))),
    ).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('ORDER_CLOSED'),
    });
    expect(await runOnServer(s.database, ['invariants'])).toEqual({
      exitCode: 0,
      output: 'ledger ok: no problems',
    });
  });

  it('answers an unknown command with the usage and exit code 2, and a malformed request too', async () => {
    const unknown = await sendOpsCommand(sockPath, ['frobnicate', 'now']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.output).toContain('usage: npm run ops');
    expect(await cli(s.database, 'withdrawals', 'frobnicate', 'W1')).toMatchObject({
      code: 2,
      stdout: expect.stringContaining('unknown command'),
    });

    const raw = await new Promise<string>((resolve, reject) => {
      const c = net.createConnection(sockPath, () => c.write('{"args": "withdrawals list"}\nnot json\n'));
      let got = '';
      c.setEncoding('utf8');
      c.on('data', (d: string) => {
        got += d;
        if (got.split('\n').length > 2) {
          c.end();
          resolve(got);
        }
      });
      c.on('error', reject);
    });
    const answers = raw
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { exitCode: number; output: string });
    expect(answers).toHaveLength(2);
    for (const a of answers)
      expect(a).toMatchObject({ exitCode: 2, output: expect.stringContaining('bad request') });
  });

  it('removes the socket on close; with a stale socket the CLI refuses, and the next server replaces it', async () => {
    await socket.close();
    expect(existsSync(sockPath)).toBe(false);
    expect(await runOnServer(s.database, ['invariants'])).toBeNull();

    // A server killed outright leaves its socket file behind, with nobody listening on it.
    const dying = spawn(
      process.execPath,
      ['-e', "require('net').createServer().listen(process.argv[1], () => console.log('up'))", sockPath],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((resolve) => dying.stdout.once('data', resolve));
    const exited = new Promise((resolve) => dying.on('exit', resolve));
    dying.kill('SIGKILL');
    await exited;
    expect(existsSync(sockPath)).toBe(true);
    expect(await runOnServer(s.database, ['invariants'])).toBeNull();
    const refused = await cli(s.database, 'invariants');
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('no server answers');

    socket = await listenOpsSocket(s.ctx, sockPath, s.app.log);
    expect(await sendOpsCommand(sockPath, ['invariants'])).toEqual({
      exitCode: 0,
      output: 'ledger ok: no problems',
    });
  });
});
