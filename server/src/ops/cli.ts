/**
 * Operator CLI: `npm run ops -- <command>`.
 *
 *   withdrawals list [--status OPEN]     withdrawals approve <code>     withdrawals reject <code>
 *   deposits list [--status OPEN]        deposits fail <code>           invariants
 *   payments unmatched                   payments refund <reference>    payments apply <reference> <code>
 *
 * The commands themselves are runOps (ops/commands.ts), over the same database as the server:
 * - DATABASE_URL: PostgreSQL takes any number of clients, so the CLI connects and runs the command itself,
 *   next to any running server, with that server's sandbox mode, provider address and audit key location,
 *   read from its running_sites row (runningSites.ts), unless SANDBOX, PORT / PROVIDER_BASE_URL or DATA_DIR
 *   are set.
 * - The embedded PGlite database in DATA_DIR allows one process per data directory. While a server holds
 *   it, DATA_DIR/postmaster.pid exists; the server then listens on DATA_DIR/ops.sock (ops/socket.ts) and the
 *   CLI sends the command there: the server runs it and the CLI prints its output and exits with its code.
 *   If the file exists but no server answers on the socket (a server that crashed, or one without the
 *   socket), the CLI refuses with exit code 3; `--force` then opens the directory anyway. Without the file,
 *   the CLI opens the directory itself.
 * The CLI never creates or migrates a database: answering "0 order(s)" from a new empty database in ./data,
 * while the site runs on another DATA_DIR and a withdrawal waits, is worse than no answer. Where there is
 * no site database (no PGlite directory, or one or a PostgreSQL schema without the site's migrations) it
 * exits 4, naming where it looked, how to point it at the site, and any site of this checkout running now
 * on other data (runningSites.ts).
 * Exit codes: 0 done, 1 refused or a ledger problem, 2 usage error, 3 database held by another process,
 * 4 no site database there.
 */
import { startClock } from '../clock';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createAdapters } from '../adapters';
import { loadConfig, type Config } from '../config';
import { withSandboxSecrets } from '../sandboxSecrets';
import { connect } from '../db/connect';
import { migrationFiles, pendingMigrations } from '../db/migrate';
import { EXIT_USAGE, runOps, USAGE, type OpsResult } from './commands';
import { STAFF_PASSWORD_ARG } from './staffCommands';
import { opsSocketPath, sendOpsCommand } from './socket';
import { liveSiteOf, runningSites, type RunningSite, type SiteRecord } from '../runningSites';
import { keyAuditLog } from '../domain/ledger/audit';

const EXIT_LOCKED = 3;
const EXIT_NO_DATABASE = 4;

/** True while another process (the server) holds the embedded database in dataDir open. */
export function embeddedDatabaseHeld(config: Pick<Config, 'databaseUrl' | 'dataDir'>): boolean {
  return !config.databaseUrl && existsSync(path.join(config.dataDir, 'postmaster.pid'));
}

/** The command's answer from the server holding dataDir, or null when no server answers on its socket. */
export async function runOnServer(dataDir: string, args: string[]): Promise<OpsResult | null> {
  const socket = opsSocketPath(dataDir);
  if (!existsSync(socket)) return null;
  try {
    return await sendOpsCommand(socket, args);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A socket file nobody listens on: the server that made it is gone.
    if (code === 'ECONNREFUSED' || code === 'ENOENT') return null;
    throw err;
  }
}

/** True when dataDir holds an embedded database (PGlite writes PG_VERSION when it creates one). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** A database URL fit to print: without its password. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL (not a URL)';
  }
}

/**
 * Why the CLI answers nothing here, where it looked, and how to point it at the site: `problem` is what
 * was found (no database, or one without the site's migrations); `sites` the sites of this checkout
 * running now (runningSites.ts), named when they use other data.
 */
export function noSiteDatabaseMessage(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  args: string[],
  problem: 'missing' | { notMigrated: string[] },
  sites: RunningSite[],
): string {
  const here = config.databaseUrl
    ? `the PostgreSQL database ${shownUrl(config.databaseUrl)} (DATABASE_URL)`
    : `${path.resolve(config.dataDir)} (DATA_DIR=${config.dataDir})`;
  const command = `npm run ops -- ${args.join(' ')}`;
  const lines =
    problem === 'missing'
      ? [
          `No site database in ${here}.`,
          '`npm run ops` never creates one: run it with the DATA_DIR (or DATABASE_URL) the site was started with, e.g.',
          config.databaseUrl
            ? `  DATABASE_URL=postgres://user:password@host/the_site_database ${command}`
            : `  DATA_DIR=/path/to/the/site/data ${command}`,
        ]
      : [
          `The database in ${here} lacks migrations of this code: ${problem.notMigrated.join(', ')}.`,
          '`npm run ops` never migrates: start the site on it once (`npm start` migrates), or point the command at the',
          "site's own data with its DATA_DIR (or DATABASE_URL).",
        ];
  const ownDir = config.databaseUrl ? null : path.resolve(config.dataDir);
  // A DATABASE_URL left set would win over the DATA_DIR named.
  const embedded = config.databaseUrl ? 'DATABASE_URL= DATA_DIR=' : 'DATA_DIR=';
  for (const site of sites) {
    if (ownDir && site.dataDir === ownDir) continue;
    lines.push(
      site.dataDir
        ? `A site is running now on DATA_DIR=${site.dataDir} (pid ${site.pid}, ${site.url}):\n  ${embedded}${site.dataDir} ${command}`
        : `A site is running now on PostgreSQL (pid ${site.pid}, ${site.url}): run the command with its DATABASE_URL.`,
    );
  }
  return lines.join('\n');
}

/**
 * The CLI's settings as the site running on this database has them (its running_sites row): its sandbox
 * mode and, on PostgreSQL, the DATA_DIR of its sandbox audit key, unless the operator set them. Without a
 * live site the CLI's own settings stand.
 */
export function asRunningSite(config: Config, site: SiteRecord | null, env: NodeJS.ProcessEnv): Config {
  if (!site) return config;
  return {
    ...config,
    sandbox: env.SANDBOX ? config.sandbox : site.sandbox,
    dataDir: config.databaseUrl && !env.DATA_DIR ? site.dataDir : config.dataDir,
  };
}

function heldMessage(dataDir: string): string {
  return `The embedded database in ${dataDir} is open in another process: ${path.join(dataDir, 'postmaster.pid')} exists,
and no server answers on ${opsSocketPath(dataDir)}. If a server is running, stop it and run the command
again. If none is (it crashed), add --force.`;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help')) {
    console.log(USAGE);
    return argv.length === 0 ? EXIT_USAGE : 0;
  }
  const force = argv.includes('--force');
  const args = argv.filter((a) => a !== '--force' && !a.startsWith(STAFF_PASSWORD_ARG));
  // A new staff account's password comes from the environment, never the command line (staffCommands.ts).
  const sent = process.env.STAFF_PASSWORD ? [...args, STAFF_PASSWORD_ARG + process.env.STAFF_PASSWORD] : args;
  const config = loadConfig();

  let result: OpsResult | null = null;
  if (embeddedDatabaseHeld(config)) {
    result = await runOnServer(config.dataDir, sent);
    if (!result && !force) {
      console.error(heldMessage(config.dataDir));
      return EXIT_LOCKED;
    }
  }
  if (!result) {
    // Checked before connecting: opening a directory without a database would create one.
    if (!config.databaseUrl && !embeddedDatabaseExists(config.dataDir)) {
      console.error(noSiteDatabaseMessage(config, args, 'missing', runningSites()));
      return EXIT_NO_DATABASE;
    }
    const db = await connect(config);
    try {
      const pending = await pendingMigrations(db);
      if (pending.length > 0) {
        const problem = pending.length === migrationFiles().length ? 'missing' : { notMigrated: pending };
        console.error(noSiteDatabaseMessage(config, args, problem, runningSites()));
        return EXIT_NO_DATABASE;
      }
      const site = await liveSiteOf(db);
      const signing = await withSandboxSecrets(db, asRunningSite(config, site, process.env), {
        createAuditKey: false,
      });
      await keyAuditLog(db, signing.auditSecret);
      const adapters = createAdapters(signing, db);
      if (site && !process.env.PROVIDER_BASE_URL && !process.env.PORT)
        adapters.providerLink.useBaseUrl(site.providerUrl);
      result = await runOps(
        { config: signing, db, adapters, clock: await startClock(db, signing.sandbox) },
        sent,
      );
    } finally {
      await db.close();
    }
  }
  if (result.output) console.log(result.output);
  return result.exitCode;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
