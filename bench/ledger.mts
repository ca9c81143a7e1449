// The ledger against PostgreSQL's own speed (issue 49): money operations (one double-entry transfer each,
// in its own database transaction, through the ledger's function with its locks, checks and idempotency)
// per second from concurrent callers, beside pgbench running a script that does the same writes on the
// same tables (the transfer row, two postings, two balance updates, with their indexes and constraints)
// at the same clients, in the same run. The ledger's invariants are checked over everything written.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../server/src/db/connect.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { seedMoney } from '../server/src/db/seedMoney.ts';
import type { Db } from '../server/src/db/types.ts';
import {
  checkInvariants,
  InsufficientFunds,
  playerAccountId,
  postTransfers,
  systemAccountId,
} from '../server/src/domain/ledger/ledger.ts';

// Imported from an ES module, the server's CommonJS __dirname is not a file path: name the folder here.
const migrations = new URL('../server/src/db/migrations', import.meta.url).pathname;
const PLAYERS = 50;
export const LEDGER_CLIENTS = 16;
const SECONDS = 10;
/** Enough that no move in the run finds an account short: every operation writes. */
const FUNDING = 1_000_000_000_000;

type Pair = { from: number; to: number };

/**
 * A migrated database with PLAYERS players, each with credit at two providers, funded: the moves of the
 * run go between a player's two accounts (a credit move, as a player makes one), so each writes two
 * player balances.
 */
async function prepare(databaseUrl: string): Promise<{ db: Db; pairs: Pair[] }> {
  const db = await connect({ databaseUrl, dataDir: '' });
  await migrate(db, migrations);
  await seedMoney(db);
  const exchange = await systemAccountId(db, 'exchange', 'THB');
  const pairs: Pair[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO players (username, display_name, password_hash) VALUES ($1, $1, 'bench') RETURNING id`,
      [`ledger_bench_${i}`],
    );
    const pair = {
      from: await playerAccountId(db, rows[0]!.id, 'alphabet'),
      to: await playerAccountId(db, rows[0]!.id, 'askmebet'),
    };
    await db.tx((q) =>
      postTransfers(
        q,
        [pair.from, pair.to].map((account, n) => ({
          reference: `bench-funding:${i}:${n}`,
          kind: 'DEPOSIT' as const,
          debitAccountId: exchange,
          creditAccountId: account,
          amount: FUNDING,
        })),
      ),
    );
    pairs.push(pair);
  }
  return { db, pairs };
}

export async function measureLedger(databaseUrl: string) {
  const { db, pairs } = await prepare(databaseUrl);
  try {
    let applied = 0;
    let refused = 0;
    let sequence = 0;
    const deadline = Date.now() + SECONDS * 1000;
    const started = Date.now();
    const caller = async () => {
      while (Date.now() < deadline) {
        // Taken before any await: the callers share the counter, and each operation needs its own reference.
        sequence += 1;
        const n = sequence;
        const pair = pairs[n % PLAYERS]!;
        const forward = n % 2 === 0;
        try {
          await db.tx((q) =>
            postTransfers(q, [
              {
                reference: `bench:${process.pid}:${n}`,
                kind: 'MOVE',
                debitAccountId: forward ? pair.from : pair.to,
                creditAccountId: forward ? pair.to : pair.from,
                amount: 100 + (n % 900),
              },
            ]),
          );
          applied += 1;
        } catch (error) {
          if (!(error instanceof InsufficientFunds)) throw error;
          refused += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: LEDGER_CLIENTS }, caller));
    const elapsed = (Date.now() - started) / 1000;
    const problems = await checkInvariants(db);
    return {
      callers: LEDGER_CLIENTS,
      players: PLAYERS,
      seconds: Math.round(elapsed * 10) / 10,
      applied,
      refusedForFunds: refused,
      opsPerSec: Math.round((applied + refused) / elapsed),
      invariantProblems: problems.length,
      problems: problems.slice(0, 5),
    };
  } finally {
    await db.close();
  }
}

/**
 * The reference: pgbench, on a database prepared as the ledger's, running a script with the writes of one
 * move (the two accounts locked in id order, both balances updated, the transfer row and its two postings
 * inserted) at the same clients for as long.
 */
export async function measurePgbenchSameWrites(databaseUrl: string) {
  const { db, pairs } = await prepare(databaseUrl);
  try {
    await db.query('CREATE TABLE bench_pairs (i int PRIMARY KEY, d bigint NOT NULL, c bigint NOT NULL)');
    for (const [i, pair] of pairs.entries())
      await db.query('INSERT INTO bench_pairs VALUES ($1, $2, $3)', [i, pair.from, pair.to]);
  } finally {
    await db.close();
  }
  const script = join(mkdtempSync(join(tmpdir(), 'bench-pgbench-')), 'move.sql');
  writeFileSync(script, PGBENCH_MOVE);
  const out = execFileSync(
    'pgbench',
    [
      '-n',
      '-f',
      script,
      '-c',
      String(LEDGER_CLIENTS),
      '-j',
      '2',
      '-T',
      String(SECONDS),
      '-M',
      'prepared',
      databaseUrl,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const tps = /tps = ([0-9.]+) \(without initial connection time\)/.exec(out)?.[1];
  if (!tps) throw new Error(`pgbench printed no TPS:\n${out}`);
  const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
  return {
    clients: LEDGER_CLIENTS,
    seconds: SECONDS,
    tps: Math.round(Number(tps)),
    failed,
    script: PGBENCH_MOVE,
  };
}

const PGBENCH_MOVE = `\\set i random(0, ${PLAYERS - 1})
\\set forward random(0, 1)
\\set amount random(100, 999)
BEGIN;
SELECT CASE WHEN :forward::int = 1 THEN d ELSE c END AS da, CASE WHEN :forward::int = 1 THEN c ELSE d END AS ca FROM bench_pairs WHERE i = :i::int \\gset
SELECT id FROM ledger_accounts WHERE id IN (:da::bigint, :ca::bigint) ORDER BY id FOR UPDATE;
UPDATE ledger_accounts SET balance = balance - :amount::bigint WHERE id = :da::bigint RETURNING balance + :amount::bigint AS dbefore \\gset
UPDATE ledger_accounts SET balance = balance + :amount::bigint WHERE id = :ca::bigint RETURNING balance - :amount::bigint AS cbefore \\gset
WITH t AS (
  INSERT INTO ledger_transfers (reference, kind, debit_account_id, credit_account_id, amount, currency)
  VALUES ('pgbench:' || txid_current(), 'MOVE', :da::bigint, :ca::bigint, :amount::bigint, 'THB') RETURNING id
)
INSERT INTO ledger_postings (transfer_id, account_id, amount, balance_before, balance_after)
SELECT id, :da::bigint, -(:amount::bigint), :dbefore::bigint, :dbefore::bigint - :amount::bigint FROM t
UNION ALL SELECT id, :ca::bigint, :amount::bigint, :cbefore::bigint, :cbefore::bigint + :amount::bigint FROM t;
END;
`;
