import { spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { keyAuditLog, verifyAuditChain } from '../src/domain/ledger/audit';
import type { Queryable } from '../src/db/types';
import { toInt, toIso } from '../src/db/values';
import { asRunningSite } from '../src/ops/cli';
import { runOps } from '../src/ops/commands';
import { liveSiteOf, recordRunningSite } from '../src/runningSites';
import { auditKeyFile } from '../src/sandboxSecrets';
import { loadConfig } from '../src/config';
import { createTestApp, jsonHeaders, registerAndLogin, type TestApp } from './helpers';
import { createStaff, signedInStaff, staffLogin } from './staffFixtures';
import { bundledScript, removeBundles, startBundledServer } from './nodeBundles';
import { TEST_WASM_FLAGS } from './wasmFlags';

/**
 * The audit log against someone who can write the database but does not hold AUDIT_SECRET
 * (docs/security.md#audit-log), what it records of staff, and `npm run ops` finding the running site on
 * its database. On both databases.
 */

afterAll(() => removeBundles());

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

const ZERO = '0'.repeat(64);

/** The row content the chain covers, as anyone reading the code knows it. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object')
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

interface Row {
  seq: unknown;
  at: unknown;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  address: string;
}

function content(prev: string, r: Row): string {
  return canonical([
    prev,
    toInt(r.seq),
    toIso(r.at),
    r.actor,
    r.action,
    r.target,
    r.before ?? null,
    r.after ?? null,
    r.address,
  ]);
}

const sha256 = (prev: string, r: Row) => createHash('sha256').update(content(prev, r)).digest('hex');

/**
 * Behind the trigger's back: rows from `from` on are given new hashes by `hash`, each naming the one
 * before, and the head the last of them; `headMac` is what the writer can put beside the head.
 */
async function rechain(
  q: Queryable,
  from: number,
  hash: (prev: string, r: Row) => string,
  headMac: (seq: number, hash: string) => string | null,
): Promise<void> {
  await q.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
  const before = await q.query<{ hash: string }>('SELECT hash FROM audit_log WHERE seq = $1', [from - 1]);
  let prev = before.rows[0]?.hash ?? ZERO;
  const rows = await q.query<Row>(
    'SELECT seq, at, actor, action, target, before, after, address FROM audit_log WHERE seq >= $1 ORDER BY seq',
    [from],
  );
  let last = from - 1;
  for (const r of rows.rows) {
    const h = hash(prev, r);
    await q.query('UPDATE audit_log SET prev_hash = $2, hash = $3 WHERE seq = $1', [r.seq, prev, h]);
    prev = h;
    last = toInt(r.seq);
  }
  await q.query('UPDATE audit_head SET seq = $1, hash = $2, mac = $3 WHERE id', [
    last,
    prev,
    headMac(last, prev),
  ]);
  await q.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
}

async function editRow(q: Queryable, seq: number): Promise<void> {
  await q.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
  await q.query(`UPDATE audit_log SET actor = 'staff:someone_else' WHERE seq = $1`, [seq]);
  await q.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
}

async function headSeq(): Promise<number> {
  return toInt((await t.ctx.db.query<{ seq: unknown }>('SELECT seq FROM audit_head WHERE id')).rows[0]!.seq);
}

/** A few more rows: each ops command writes one. */
async function someRows(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await runOps(t.ctx, ['staff', 'list']);
}

describe('the audit log against a database writer without the key', () => {
  it('keeps the sandbox key in DATA_DIR/audit.key, owner-only, and not in the database', async () => {
    if (t.ctx.config.databaseUrl) return; // on PostgreSQL the tests bring AUDIT_SECRET (helpers.ts)
    const file = auditKeyFile(t.ctx.config.dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, 'utf8').trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(t.ctx.config.auditSecret).toBe(key);
    const secrets = await t.ctx.db.query<{ name: string; value: string }>(
      'SELECT name, value FROM sandbox_secrets',
    );
    expect(secrets.rows.map((r) => r.value)).not.toContain(key);
  });

  it('fails verify for an edited row whose later hashes and head were recomputed with plain SHA-256', async () => {
    await someRows(4);
    expect(await runOps(t.ctx, ['audit', 'verify'])).toMatchObject({ exitCode: 0 });
    const edited = (await headSeq()) - 2;
    await t.ctx.db.tx(async (q) => {
      await editRow(q, edited);
      await rechain(q, edited, sha256, (seq, hash) =>
        createHash('sha256').update(`${seq}${hash}`).digest('hex'),
      );
    });
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ intact: false, brokenAt: edited });
    const verify = await runOps(t.ctx, ['audit', 'verify']);
    expect(verify).toMatchObject({ exitCode: 1, output: expect.stringContaining(`BROKEN at row ${edited}`) });

    // The same rewrite by someone holding the key passes: only the key stands between the writer and an
    // unseen rewrite. (Puts the chain back in order for the tests that follow.)
    const key = Buffer.from(t.ctx.config.auditSecret, 'utf8');
    const mac = (kind: string, text: string) =>
      createHmac('sha256', key).update(`audit-${kind}\n${text}`).digest('hex');
    await t.ctx.db.tx((q) =>
      rechain(
        q,
        edited,
        (prev, r) => mac('row', content(prev, r)),
        (seq, hash) => mac('head', canonical([seq, hash])),
      ),
    );
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ intact: true });
  });

  it('refuses the seal moved over rewritten rows, and a server started with another key', async () => {
    const seq = await headSeq();
    const head = (await t.ctx.db.query<{ hash: string }>('SELECT hash FROM audit_head WHERE id')).rows[0]!;
    const saved = (
      await t.ctx.db.query<{ sealed_seq: unknown; sealed_hash: string; sealed_mac: string }>(
        'SELECT sealed_seq, sealed_hash, sealed_mac FROM audit_head WHERE id',
      )
    ).rows[0]!;
    // "Every row is from before the key": the writer cannot sign that.
    await t.ctx.db.query(
      'UPDATE audit_head SET sealed_seq = $1, sealed_hash = $2, sealed_mac = $3 WHERE id',
      [seq, head.hash, createHash('sha256').update('forged').digest('hex')],
    );
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ intact: false });
    await expect(keyAuditLog(t.ctx.db, 'another key entirely, 32 bytes or more')).rejects.toThrow(
      /not the key this database's audit log is signed with/,
    );
    await t.ctx.db.query(
      'UPDATE audit_head SET sealed_seq = $1, sealed_hash = $2, sealed_mac = $3 WHERE id',
      [saved.sealed_seq, saved.sealed_hash, saved.sealed_mac],
    );
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ intact: true });
  });

  it('catches a rollback of the tail with a checkpoint; refuses a tampered or malformed checkpoint', async () => {
    await someRows(1);
    // What a backup taken now holds of the head: restored later, it is a head with a valid MAC.
    const old = (
      await t.ctx.db.query<{ seq: unknown; hash: string; mac: string }>(
        'SELECT seq, hash, mac FROM audit_head WHERE id',
      )
    ).rows[0]!;
    await someRows(2);
    const taken = await runOps(t.ctx, ['audit', 'checkpoint']);
    expect(taken.exitCode).toBe(0);
    const checkpoint = taken.output.split('\n').at(-1)!;
    expect(checkpoint).toMatch(/^audit-checkpoint\.v1\.\d+\.[0-9a-f]{64}\.\d+\.[0-9a-f]{64}$/);
    await someRows(2);
    expect(await runOps(t.ctx, ['audit', 'verify', '--checkpoint', checkpoint])).toMatchObject({
      exitCode: 0,
      output: expect.stringContaining('held'),
    });

    // A tampered checkpoint: its row number, its hash, its signature.
    const parts = checkpoint.split('.');
    const tampered = [
      [...parts.slice(0, 2), String(Number(parts[2]) - 1), ...parts.slice(3)].join('.'),
      [...parts.slice(0, 3), parts[3]!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), ...parts.slice(4)].join(
        '.',
      ),
      [...parts.slice(0, 5), parts[5]!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))].join('.'),
    ];
    for (const text of tampered)
      expect(await runOps(t.ctx, ['audit', 'verify', '--checkpoint', text])).toMatchObject({
        exitCode: 1,
        output: expect.stringContaining('signature is wrong'),
      });
    expect(await runOps(t.ctx, ['audit', 'verify', '--checkpoint', 'not-a-checkpoint'])).toMatchObject({
      exitCode: 1,
      output: expect.stringContaining('not a checkpoint line'),
    });

    // The tail deleted and the head put back as the backup had it: a chain whole as far as it goes...
    await t.ctx.db.tx(async (q) => {
      await q.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
      await q.query('DELETE FROM audit_log WHERE seq > $1', [old.seq]);
      await q.query('UPDATE audit_head SET seq = $1, hash = $2, mac = $3 WHERE id', [
        old.seq,
        old.hash,
        old.mac,
      ]);
      await q.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
    });
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ intact: true });
    // ...which no longer holds the checkpointed head.
    const verify = await runOps(t.ctx, ['audit', 'verify', '--checkpoint', checkpoint]);
    expect(verify).toMatchObject({ exitCode: 1, output: expect.stringContaining('NOT HELD') });
  });
});

describe('rows written before the key', () => {
  it('are sealed where they stood at the first start with a key; an edit among them is caught', async () => {
    const u = await createTestApp({ env: { SANDBOX: 'true' } });
    try {
      // The log as the version before wrote it: SHA-256 rows, no seal, no head MAC.
      await u.ctx.db.tx(async (q) => {
        await q.query('TRUNCATE audit_log');
        let prev = ZERO;
        for (let seq = 1; seq <= 3; seq++) {
          const row: Row = {
            seq,
            at: new Date(Date.UTC(2025, 0, seq)).toISOString(),
            actor: 'ops:root',
            action: 'ops.command',
            target: 'withdrawals list',
            before: null,
            after: { args: ['withdrawals', 'list'], exitCode: 0 },
            address: 'cli',
          };
          const hash = sha256(prev, row);
          await q.query(
            `INSERT INTO audit_log (seq, at, actor, action, target, before, after, address, prev_hash, hash)
             VALUES ($1, $2, $3, $4, $5, NULL, $6::jsonb, $7, $8, $9)`,
            [
              seq,
              row.at,
              row.actor,
              row.action,
              row.target,
              JSON.stringify(row.after),
              row.address,
              prev,
              hash,
            ],
          );
          prev = hash;
        }
        await q.query(
          'UPDATE audit_head SET seq = 3, hash = $1, mac = NULL, sealed_seq = NULL, sealed_hash = NULL, sealed_mac = NULL WHERE id',
          [prev],
        );
      });
      await keyAuditLog(u.ctx.db, u.ctx.config.auditSecret); // the first start with a key
      await runOps(u.ctx, ['staff', 'list']);
      expect(await verifyAuditChain(u.ctx.db)).toEqual({ intact: true, rows: 4, brokenAt: null });

      // An old row edited and the old rows' hashes recomputed: they no longer end where the seal says.
      await u.ctx.db.tx(async (q) => {
        await editRow(q, 2);
        await q.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
        let prev = (await q.query<{ hash: string }>('SELECT hash FROM audit_log WHERE seq = 1')).rows[0]!
          .hash;
        for (const seq of [2, 3]) {
          const r = (
            await q.query<Row>(
              'SELECT seq, at, actor, action, target, before, after, address FROM audit_log WHERE seq = $1',
              [seq],
            )
          ).rows[0]!;
          const h = sha256(prev, r);
          await q.query('UPDATE audit_log SET prev_hash = $2, hash = $3 WHERE seq = $1', [seq, prev, h]);
          prev = h;
        }
        await q.query('UPDATE audit_log SET prev_hash = $1 WHERE seq = 4', [prev]);
        await q.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
      });
      expect(await verifyAuditChain(u.ctx.db)).toMatchObject({ intact: false, brokenAt: 3 });
    } finally {
      await u.close();
    }
  });
});

describe('what the audit log records of staff', () => {
  const rowsOf = async (target: string) =>
    (
      await t.ctx.db.query<{ actor: string; action: string; after: unknown }>(
        'SELECT actor, action, after FROM audit_log WHERE target = $1 ORDER BY seq',
        [target],
      )
    ).rows;

  it('records sign-in, a refused sign-in (never its password or code) and sign-out', async () => {
    const staff = await createStaff(t, 'support');
    const wrong = 'not the password at all';
    const refused = await staffLogin(t, { username: staff.username, password: wrong, code: '123456' });
    expect(refused.statusCode).toBe(401);
    const member = await signedInStaff(t, 'operator');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v2/backoffice/session/end',
      headers: jsonHeaders(member.cookie),
    });
    expect(out.statusCode).toBe(200);

    const refusals = await rowsOf(`staff:${staff.username}`);
    expect(refusals.at(-1)).toEqual({
      actor: `staff:${staff.username}`,
      action: 'staff.login.refused',
      after: { code: 'STAFF_LOGIN_FAILED' },
    });
    expect(JSON.stringify(refusals)).not.toContain(wrong);
    expect(JSON.stringify(refusals)).not.toContain('123456');
    expect((await rowsOf(`staff:${member.username}`)).map((r) => r.action).slice(-2)).toEqual([
      'staff.login',
      'staff.logout',
    ]);
  });

  it('records a call refused to a signed-in member, and every read of a player’s data', async () => {
    const p = await registerAndLogin(t.app);
    const marketing = await signedInStaff(t, 'marketing');
    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/api/v2/backoffice/players/${p.username}`,
      headers: jsonHeaders(marketing.cookie),
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await rowsOf('operation:getStaffPlayer')).at(-1)).toEqual({
      actor: `staff:${marketing.username}`,
      action: 'staff.refused',
      after: { code: 'STAFF_FORBIDDEN', permission: 'players.read' },
    });

    const operator = await signedInStaff(t, 'operator');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: jsonHeaders(operator.cookie) });
    expect((await get(`/api/v2/backoffice/players/${p.username}`)).statusCode).toBe(200);
    expect((await get(`/api/v2/backoffice/withdrawals?username=${p.username}`)).statusCode).toBe(200);
    expect((await get(`/api/v2/backoffice/deposits?username=${p.username}`)).statusCode).toBe(200);
    expect((await get(`/api/v2/backoffice/players?q=${p.username}`)).statusCode).toBe(200);
    expect(await rowsOf(`player:${p.username}`)).toEqual([
      { actor: `staff:${operator.username}`, action: 'player.read', after: null },
      { actor: `staff:${operator.username}`, action: 'player.orders.read', after: { kind: 'withdrawals' } },
      { actor: `staff:${operator.username}`, action: 'player.orders.read', after: { kind: 'deposits' } },
    ]);
    expect((await rowsOf('players')).at(-1)).toEqual({
      actor: `staff:${operator.username}`,
      action: 'players.search',
      after: { q: p.username, page: 1, usernames: [p.username] },
    });
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ intact: true });
  });
});

describe('the running site, as `npm run ops` finds it on the database', () => {
  it('is the live one recorded, with what the CLI takes from it unless set', async () => {
    const forget = await recordRunningSite(
      t.ctx.db,
      {
        url: 'http://localhost:3999',
        providerUrl: 'http://127.0.0.1:3999/p',
        sandbox: true,
        dataDir: '/srv/site',
      },
      () => undefined,
    );
    const site = await liveSiteOf(t.ctx.db);
    expect(site).toMatchObject({ pid: process.pid, sandbox: true, providerUrl: 'http://127.0.0.1:3999/p' });
    const bare = { DATABASE_URL: 'postgres://x/y' };
    expect(asRunningSite(loadConfig(bare), site, bare)).toMatchObject({
      sandbox: true,
      dataDir: '/srv/site',
    });
    const set = { ...bare, SANDBOX: 'false', DATA_DIR: './d' };
    expect(asRunningSite(loadConfig(set), site, set)).toMatchObject({ sandbox: false, dataDir: './d' });
    await forget();
    expect(await liveSiteOf(t.ctx.db)).toBeNull();
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('ops on PostgreSQL next to a running site', () => {
  it('runs invariants with only DATABASE_URL: the site’s sandbox mode, providers and audit key found', async () => {
    const url = process.env.DATABASE_URL!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'player-site-ops-pg-'));
    const bare: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
    for (const name of [
      'SANDBOX',
      'PORT',
      'DATA_DIR',
      'AUDIT_SECRET',
      'GATEWAY_SECRET',
      'PROVIDER_SECRET',
      'PROVIDER_BASE_URL',
    ])
      delete bare[name];
    const { child: site } = await startBundledServer({
      ...bare,
      DATABASE_URL: databaseUrl,
      SANDBOX: 'true',
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIR: path.join(dir, 'web'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    try {
      expect(existsSync(path.join(dir, 'data', 'audit.key'))).toBe(true);
      const script = await bundledScript('server/src/ops/cli.ts');
      const cli = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
        (resolve, reject) => {
          // Only DATABASE_URL: no SANDBOX, PORT, DATA_DIR or secret repeated.
          const child = spawn(process.execPath, [TEST_WASM_FLAGS, script, 'invariants'], {
            cwd: path.resolve(__dirname, '../..'),
            env: { ...bare, DATABASE_URL: databaseUrl },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (d) => (stdout += d));
          child.stderr.on('data', (d) => (stderr += d));
          child.on('error', reject);
          child.on('exit', (code) => resolve({ code, stdout, stderr }));
        },
      );
      expect(cli.stdout).not.toContain('could not be read');
      expect(cli).toMatchObject({ code: 0, stdout: expect.stringContaining('ledger ok: no problems') });
      const exited = new Promise<number | null>((resolve) => site.on('exit', (code) => resolve(code)));
      site.kill('SIGTERM');
      expect(await exited).toBe(0);
      // Stopped: its row is gone, and the CLI falls back to its own settings.
      expect((await admin.query(`SELECT count(*)::int AS n FROM ${schema}.running_sites`)).rows[0].n).toBe(0);
    } finally {
      if (site.exitCode === null) site.kill('SIGKILL');
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
