import { startClock, type DatabaseClock } from '../src/clock';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { checkResponse } from '../src/contract/validate';
import { connect } from '../src/db/connect';
import { MIGRATIONS_DIR, migrate, migrationFiles } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { withSandboxSecrets } from '../src/sandboxSecrets';
import { keyAuditLog } from '../src/domain/ledger/audit';
import { bundledScript } from './nodeBundles';
import { TEST_WASM_FLAGS } from './wasmFlags';
import { seedTestApprover, TEST_APPROVER } from './testApprover';

// A fresh database takes a few seconds on a busy machine: more than Jest's default 5 s per test or hook.
jest.setTimeout(60_000);

/** The audit log's key of test apps outside sandbox mode (sandbox ones keep DATA_DIR/audit.key). */
export const TEST_AUDIT_SECRET = '5e1f0c9a7b3d2e48'.repeat(4);

/** The Origin a browser on the test server sends; app.inject talks to host "localhost:80", the same origin. */
export const TEST_ORIGIN = 'http://localhost';
export const TEST_PASSWORD = 'correct horse battery';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's clock, which the test moves instead of waiting (server/src/clock.ts). */
  clock: DatabaseClock;
  /** The PGlite directory or PostgreSQL schema this app uses; pass as `reuse` to reopen it. */
  database: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment overrides, e.g. { SEED_AGENCY: 'false' }. LOG_LEVEL defaults to silent. */
  env?: Record<string, string>;
  /** Reopen an existing database (an earlier TestApp's `database`) instead of a fresh one. */
  reuse?: string;
  /** Leave the database in place on close (to reopen it with `reuse`); otherwise close deletes it. */
  keep?: boolean;
  /**
   * Answer 500 (and log) when a contract route's JSON response does not match openapi.yaml. On by default
   * in tests, so every test checks the response shapes it touches.
   */
  enforceResponseContract?: boolean;
}

/**
 * A real app on a fresh, empty database, migrated and seeded. On PGlite each app gets its own data dir;
 * with DATABASE_URL set, its own PostgreSQL schema, so test files running in parallel never collide.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  // Tests register many players from one address: the registration limit has its own test.
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
    // The transfer model's tests (most of the suite predates the seamless wallet, and some providers offer
    // only transfers); a seamless test passes TRANSFER_WALLET_PROVIDERS: '' (seamless.ts).
    TRANSFER_WALLET_PROVIDERS: 'all',
    ...opts.env,
  });
  let database: string;
  let ctxDb: AppContext['db'];
  let dropDatabase: () => Promise<void>;

  if (config.databaseUrl) {
    database = opts.reuse ?? `t_${randomBytes(6).toString('hex')}`;
    if (!/^t_[0-9a-f]+$/.test(database)) throw new Error(`not a test schema: ${database}`);
    if (!opts.reuse) await adminQuery(config.databaseUrl, `CREATE SCHEMA ${database}`);
    ctxDb = await connect(config, { searchPath: database });
    dropDatabase = () => adminQuery(config.databaseUrl, `DROP SCHEMA IF EXISTS ${database} CASCADE`);
  } else {
    database = opts.reuse ?? (await freshPgliteDir());
    ctxDb = await connect({ ...config, dataDir: database });
    dropDatabase = async () => rmSync(database, { recursive: true, force: true });
  }

  let cfg = { ...config, dataDir: config.databaseUrl ? config.dataDir : database };
  let app: FastifyInstance;
  let ctx: AppContext;
  let clock: DatabaseClock;
  try {
    await migrate(ctxDb);
    // The audit key: a sandbox app on PGlite keeps its own in its data dir, as `npm start` does; the others
    // (outside sandbox mode the server would refuse to start without one) use the tests' AUDIT_SECRET.
    if (config.databaseUrl || !config.sandbox) cfg.auditSecret ||= TEST_AUDIT_SECRET;
    cfg = await withSandboxSecrets(ctxDb, cfg);
    await keyAuditLog(ctxDb, cfg.auditSecret);
    await seed(ctxDb, cfg);
    await seedTestApprover(ctxDb);
    clock = await startClock(ctxDb, cfg.sandbox);
    ctx = { config: cfg, db: ctxDb, adapters: createAdapters(cfg, ctxDb), clock };
    app = await buildApp(ctx, { enforceResponseContract: opts.enforceResponseContract ?? true });
    await app.ready();
  } catch (err) {
    // Leave no open pool or database behind to keep Jest from hanging after the failure.
    await ctxDb.close().catch(() => undefined);
    if (!opts.keep) await dropDatabase().catch(() => undefined);
    throw err;
  }

  let closed = false;
  return {
    app,
    ctx,
    clock,
    database,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await ctxDb.close();
      if (!opts.keep) await dropDatabase();
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new PGlite data directory, already migrated. initdb takes ~5 s and the migrations ~0.5 s, so both run
 * once per machine into a template directory that each test copies. The template is keyed by the PGlite
 * version (another may not read its files), the test databases' settings and the migrations' contents (a
 * changed or new migration makes a new one), and built under a temporary name, then renamed into place:
 * concurrent test processes never see half of one.
 */
export async function freshPgliteDir(): Promise<string> {
  const initialised = await initialisedTemplate();
  const migrations = createHash('sha256');
  for (const name of migrationFiles())
    migrations.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  const migrated = await templateDir(
    `player-site-pglite-migrated-${templateKey()}-${migrations.digest('hex').slice(0, 12)}`,
    async (dir) => {
      cpSync(initialised, dir, { recursive: true });
      const db = await connect({ ...loadConfig({ ...process.env, DATABASE_URL: '' }), dataDir: dir });
      await migrate(db);
      await db.close();
    },
  );
  return copyOf(migrated);
}

/**
 * A new PGlite data directory as initdb leaves it, without any of the site's migrations: for the tests of
 * an upgrade from an old schema, which apply the migrations of their time themselves.
 */
export async function emptyPgliteDir(): Promise<string> {
  return copyOf(await initialisedTemplate());
}

function pgliteVersion(): string {
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Settings the test databases start with, written into the template's postgresql.conf. PGlite starts
 * by setting up the shared buffers in its WASM memory: initdb's 128 MB cost about 0.5 s of each of the
 * suite's hundred-odd opens, where a test database of 41 MB, mostly catalogue, is served as well by 16 MB.
 * Part of the template's name, so a change builds a new one.
 */
const TEST_DATABASE_SETTINGS = 'shared_buffers = 16MB';

/** The PGlite version (another may not read the files) and the settings. */
function templateKey(): string {
  const settings = createHash('sha256').update(TEST_DATABASE_SETTINGS).digest('hex').slice(0, 8);
  return `${pgliteVersion()}-${settings}`;
}

function initialisedTemplate(): Promise<string> {
  return templateDir(`player-site-pglite-template-${templateKey()}`, async (dir) => {
    const pglite = new PGlite(dir);
    await pglite.waitReady;
    await pglite.close();
    appendFileSync(
      path.join(dir, 'postgresql.conf'),
      `\n# The test databases' own (helpers.ts)\n${TEST_DATABASE_SETTINGS}\n`,
    );
  });
}

function copyOf(template: string): string {
  const dir = mkdtempSync(path.join(TEST_DATABASES, 'player-site-test-db-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * Where the test databases live: in memory (/dev/shm) where there is room for many, else the temporary
 * folder. A database is 41 MB in 1,250 files; copying one from its template takes 0.3 s on this machine's
 * disk and 0.05 s in memory, and the suite makes over a hundred. A container's small /dev/shm (64 MB by
 * default) falls back to the disk.
 */
const TEST_DATABASES = (() => {
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize >= 4 * 1024 ** 3) return '/dev/shm';
  } catch {
    // No /dev/shm: not Linux.
  }
  return os.tmpdir();
})();

/** The directory `name` in the test databases' folder, made by `build` once per machine (see freshPgliteDir). */
async function templateDir(name: string, build: (dir: string) => Promise<void>): Promise<string> {
  const template = path.join(TEST_DATABASES, name);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = mkdtempSync(path.join(TEST_DATABASES, 'player-site-pglite-build-'));
  try {
    await build(building);
    renameSync(building, template);
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    // Another process won the race; its template is as good as ours.
    if (!existsSync(path.join(template, 'PG_VERSION'))) throw err;
  }
  return template;
}

/** Throws a readable error unless body matches the contract's response schema for operationId/status. */
export function expectContract(operationId: string, status: number, body: unknown): void {
  const errors = checkResponse(operationId, status, body);
  if (errors) {
    const lines = errors.map((e) => `  - ${e.field}: ${e.message}`).join('\n');
    throw new Error(
      `${operationId} ${status} response does not match openapi.yaml:\n${lines}\nbody: ${JSON.stringify(body, null, 2)}`,
    );
  }
}

/** Headers of a same-origin JSON call from the web app. */
export function jsonHeaders(cookie?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    origin: TEST_ORIGIN,
    ...(cookie ? { cookie } : {}),
  };
}

/** "sid=…" from a Set-Cookie response header, ready for a Cookie request header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error('no Set-Cookie in the response');
  return first.split(';')[0]!;
}

let counter = 0;

/** A unique valid username (4-20 chars of [a-z0-9_-]). */
export function uniqueUsername(prefix = 'p'): string {
  counter += 1;
  return `${prefix}${counter}_${randomBytes(3).toString('hex')}`.slice(0, 20);
}

/** Registers a player and logs in; returns the session cookie for later calls. */
/** A new player, signed in by the registration itself (as the site's register page is). */
export async function registerAndLogin(
  app: FastifyInstance,
  username: string = uniqueUsername(),
  password: string = TEST_PASSWORD,
): Promise<{ cookie: string; playerId: string; username: string }> {
  const reg = await app.inject({
    method: 'POST',
    url: '/api/v2/players/register',
    headers: jsonHeaders(),
    // Each player a device of its own: players sharing one are linked accounts (playerLinks.ts).
    payload: { username, password, confirmPassword: password, fingerprint: `fp-${username}` },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  return { cookie: cookieFrom(reg.headers['set-cookie']), playerId: reg.json().player.id, username };
}

/**
 * Starts `script` (a file in server/test) as a separate Node process on the test database `database`, in
 * sandbox mode, with `env` added: for tests that kill a server mid-operation.
 */
export async function spawnOnTestDatabase(script: string, database: string, env: Record<string, string>) {
  return spawn(process.execPath, [TEST_WASM_FLAGS, await bundledScript(`server/test/${script}`)], {
    cwd: path.join(__dirname, '../..'),
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      LOG_LEVEL: 'silent',
      SANDBOX: 'true',
      TRANSFER_WALLET_PROVIDERS: 'all',
      ...(process.env.DATABASE_URL
        ? { CHILD_SCHEMA: database, AUDIT_SECRET: TEST_AUDIT_SECRET }
        : { DATA_DIR: database }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Who approves or rejects in tests that call the domain directly, as a member at the terminal would. */
export const testActor = TEST_APPROVER;
