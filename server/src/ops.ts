/**
 * Operator CLI: `npm run ops -- <command>`.
 *
 *   withdrawals list [--status OPEN]     withdrawals approve <code>     withdrawals reject <code>
 *   deposits list [--status OPEN]        deposits fail <code>           invariants
 *   payments unmatched                   payments refund <reference>    payments apply <reference> <code>
 *
 * The commands themselves are runOps (opsCommands.ts), over the same database as the server:
 * - DATABASE_URL: PostgreSQL takes any number of clients, so the CLI connects and runs the command itself,
 *   next to any running server.
 * - The embedded PGlite database in DATA_DIR allows one process per data directory. While a server holds
 *   it, DATA_DIR/postmaster.pid exists; the server then listens on DATA_DIR/ops.sock (opsSocket.ts) and the
 *   CLI sends the command there: the server runs it and the CLI prints its output and exits with its code.
 *   If the file exists but no server answers on the socket (a server that crashed, or one without the
 *   socket), the CLI refuses with exit code 3; `--force` then opens the directory anyway. Without the file,
 *   the CLI opens the directory itself.
 * Exit codes: 0 done, 1 refused or a ledger problem, 2 usage error, 3 database held by another process.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createAdapters } from './adapters';
import { loadConfig, type Config } from './config';
import { connect } from './db/connect';
import { migrate } from './db/migrate';
import { EXIT_USAGE, runOps, USAGE, type OpsResult } from './opsCommands';
import { opsSocketPath, sendOpsCommand } from './opsSocket';

const EXIT_LOCKED = 3;

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
  const args = argv.filter((a) => a !== '--force');
  const config = loadConfig();

  let result: OpsResult | null = null;
  if (embeddedDatabaseHeld(config)) {
    result = await runOnServer(config.dataDir, args);
    if (!result && !force) {
      console.error(heldMessage(config.dataDir));
      return EXIT_LOCKED;
    }
  }
  if (!result) {
    const db = await connect(config);
    try {
      await migrate(db);
      result = await runOps({ config, db, adapters: createAdapters(config, db) }, args);
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
