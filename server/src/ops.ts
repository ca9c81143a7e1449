/**
 * Operator CLI: `npm run ops -- <command>`.
 *
 *   withdrawals list [--status OPEN]     withdrawals approve <code>     withdrawals reject <code>
 *   deposits list [--status OPEN]        deposits fail <code>           invariants
 *
 * It opens the same database as the server (DATABASE_URL, or the embedded one in DATA_DIR) and calls the
 * same domain functions the tests call. PostgreSQL takes any number of clients, so with DATABASE_URL it
 * runs next to the server. The embedded PGlite database allows one process per data directory: while the
 * server has it open, DATA_DIR/postmaster.pid exists and the CLI refuses (stop the server, run the
 * command, start it again). After a crash the file stays behind; `--force` ignores it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createAdapters } from './adapters';
import { loadConfig, type Config } from './config';
import type { AppContext } from './context';
import { connect } from './db/connect';
import { migrate } from './db/migrate';
import { failDeposit } from './domain/deposits';
import { toInt, toIso } from './domain/ledgerDb';
import { checkInvariants } from './domain/ledger';
import { expireDeposits, listOrdersForOps, type OrderRow, type OrderStatus } from './domain/orders';
import { approveWithdraw, rejectWithdraw } from './domain/withdrawals';
import { ApiError } from './errors';

export const USAGE = `usage: npm run ops -- <command>
  withdrawals list [--status STATUS]   withdraw orders (oldest first)
  withdrawals approve <code>           pay out an OPEN withdrawal
  withdrawals reject <code>            return an OPEN withdrawal's credit to the player
  deposits list [--status STATUS]      deposit orders (oldest first)
  deposits fail <code>                 close an OPEN deposit as FAILED
  invariants                           check the ledger; exit 1 on any problem
options: --force  open the embedded database even though DATA_DIR/postmaster.pid exists`;

const STATUSES: OrderStatus[] = ['OPEN', 'PAID', 'SUCCESS', 'FAILED', 'CANCELED', 'REJECTED'];

function formatOrder(o: OrderRow): string {
  return [
    o.code,
    o.status.padEnd(8),
    o.provider.padEnd(10),
    `${toInt(o.amount)} LAK`.padStart(16),
    `${toInt(o.credit)} satang`.padStart(18),
    o.bank.padEnd(9),
    toIso(o.created_at),
  ].join('  ');
}

function statusOption(args: string[]): OrderStatus | undefined {
  const i = args.indexOf('--status');
  if (i === -1) return undefined;
  const value = (args[i + 1] ?? '').toUpperCase() as OrderStatus;
  if (!STATUSES.includes(value)) throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
  return value;
}

class UsageError extends Error {}

/** Runs one command against ctx, writing lines to out; returns the process exit code. */
export async function runOps(
  argv: string[],
  ctx: AppContext,
  out: (line: string) => void = console.log,
): Promise<number> {
  const args = argv.filter((a) => a !== '--force');
  const [area, action, code] = args;
  try {
    if (area === 'invariants') {
      const problems = await checkInvariants(ctx.db);
      for (const p of problems) out(p);
      out(problems.length === 0 ? 'ledger ok: no problems' : `${problems.length} problem(s)`);
      return problems.length === 0 ? 0 : 1;
    }
    if ((area === 'withdrawals' || area === 'deposits') && action === 'list') {
      if (area === 'deposits') await expireDeposits(ctx.db);
      const rows = await listOrdersForOps(
        ctx.db,
        area === 'deposits' ? 'DEPOSIT' : 'WITHDRAW',
        statusOption(args),
      );
      for (const row of rows) out(formatOrder(row));
      out(`${rows.length} order(s)`);
      return 0;
    }
    if (!code || code.startsWith('--')) throw new UsageError('missing order code');
    let result;
    if (area === 'withdrawals' && action === 'approve') result = await approveWithdraw(ctx, code);
    else if (area === 'withdrawals' && action === 'reject') result = await rejectWithdraw(ctx, code);
    else if (area === 'deposits' && action === 'fail') result = await failDeposit(ctx, code);
    else throw new UsageError(`unknown command: ${args.join(' ')}`);
    out(`${result.code} ${result.status}`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      out(err.message);
      out(USAGE);
      return 2;
    }
    if (err instanceof ApiError) {
      out(`${err.code}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

/** The reason the CLI must not open the embedded database now, or null. */
export function embeddedLockProblem(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  force: boolean,
): string | null {
  if (config.databaseUrl || force) return null;
  const pid = path.join(config.dataDir, 'postmaster.pid');
  if (!existsSync(pid)) return null;
  return `The embedded database in ${config.dataDir} is open in another process (the server?): ${pid} exists.
Stop the server and run the command again. If no server is running (it crashed), add --force.`;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help')) {
    console.log(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const config = loadConfig();
  const lock = embeddedLockProblem(config, argv.includes('--force'));
  if (lock) {
    console.error(lock);
    return 3;
  }
  const db = await connect(config);
  try {
    await migrate(db);
    return await runOps(argv, { config, db, adapters: createAdapters(config, db) });
  } finally {
    await db.close();
  }
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
