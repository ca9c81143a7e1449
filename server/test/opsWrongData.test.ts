import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationFiles } from '../src/db/migrate';
import { noteRunningSite } from '../src/runningSites';
import { bundledScript, removeBundles } from './nodeBundles';
import { createTestApp } from './helpers';
import { TEST_WASM_FLAGS } from './wasmFlags';

/**
 * `npm run ops` run as a new operator would, not on the site's data: it never creates or migrates a
 * database, and never answers "0 order(s)" from one that is not the site's. It exits 4 naming where it
 * looked and how to point it at the site.
 */

const ROOT = path.join(__dirname, '../..');

afterAll(() => removeBundles());
const EXIT_NO_DATABASE = 4;

/** The CLI in its own process, as `npm run ops` runs it, with env over the test's environment. */
async function cli(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // The CLI's esbuild bundle: under tsx each run compiled every module of the server again (seconds).
  const script = await bundledScript('server/src/ops/cli.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TEST_WASM_FLAGS, script, ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
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

test('no database at DATA_DIR: creates none, names the absolute directory and the site running elsewhere', async () => {
  // Relative, as an operator would leave it, under a folder that does not exist.
  const folder = path.join('build', `ops-no-data-${randomBytes(4).toString('hex')}`);
  const dataDir = path.join(folder, 'data');
  const siteDir = path.join(ROOT, 'build', 'the-site-data');
  // A site of this checkout running now on other data (this process stands in for it).
  const forgetSite = noteRunningSite({ dataDir: siteDir, url: 'http://127.0.0.1:3000' });
  try {
    const res = await cli({ DATABASE_URL: '', DATA_DIR: dataDir }, 'withdrawals', 'list', '--status', 'OPEN');
    expect(res.code).toBe(EXIT_NO_DATABASE);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain(`No site database in ${path.join(ROOT, dataDir)} (DATA_DIR=${dataDir})`);
    expect(res.stderr).toContain('never creates one');
    expect(res.stderr).toContain('DATA_DIR (or DATABASE_URL) the site was started with');
    expect(res.stderr).toContain(
      `A site is running now on DATA_DIR=${siteDir} (pid ${process.pid}, http://127.0.0.1:3000):\n` +
        `  DATA_DIR=${siteDir} npm run ops -- withdrawals list --status OPEN`,
    );
    expect(existsSync(path.join(ROOT, folder))).toBe(false);
  } finally {
    forgetSite();
    rmSync(path.join(ROOT, folder), { recursive: true, force: true });
  }
});

/**
 * A database of this test run (PGlite directory, or PostgreSQL schema when DATABASE_URL is set), closed
 * for the CLI, with the environment that points the CLI at it and a look at its applied migrations.
 */
async function siteDatabase() {
  const t = await createTestApp({ keep: true });
  const url = process.env.DATABASE_URL;
  const schema = t.database;
  const env: Record<string, string> = url
    ? { DATABASE_URL: `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}` }
    : { DATABASE_URL: '', DATA_DIR: t.database };
  /** Runs sql on the closed database, as its own client. */
  async function query(sql: string): Promise<Array<Record<string, unknown>>> {
    if (url) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    }
    const db = new PGlite(t.database);
    try {
      return (await db.query<Record<string, unknown>>(sql)).rows;
    } finally {
      await db.close();
    }
  }
  await t.close();
  return {
    env,
    query,
    async drop() {
      if (url) await query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      else rmSync(t.database, { recursive: true, force: true });
    },
  };
}

test("a database without the site's migrations is neither migrated nor answered from", async () => {
  const site = await siteDatabase();
  try {
    const last = migrationFiles().at(-1)!;
    await site.query(`DELETE FROM schema_migrations WHERE name = '${last}'`);
    const behind = await cli(site.env, 'withdrawals', 'list');
    expect(behind.code).toBe(EXIT_NO_DATABASE);
    expect(behind.stdout).toBe('');
    expect(behind.stderr).toContain(`lacks migrations of this code: ${last}`);
    expect(behind.stderr).toContain('never migrates');
    expect(await site.query(`SELECT name FROM schema_migrations WHERE name = '${last}'`)).toEqual([]);

    // Not the site's database at all (an empty PostgreSQL schema, a directory someone else made).
    await site.query('DROP TABLE schema_migrations');
    const empty = await cli(site.env, 'invariants');
    expect(empty.code).toBe(EXIT_NO_DATABASE);
    expect(empty.stderr).toContain('No site database in');
    expect(await site.query(`SELECT to_regclass('schema_migrations') IS NULL AS absent`)).toEqual([
      { absent: true },
    ]);
  } finally {
    await site.drop();
  }
});
