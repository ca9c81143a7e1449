// Ledger throughput on PostgreSQL: money operations (one double-entry transfer each, in its own database
// transaction, with row locks and the no-overdraft rule) per second from concurrent callers, then the
// ledger invariants checked over everything that was written.
import { connect } from '../server/src/db/connect.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { seedMoney } from '../server/src/db/seedMoney.ts';
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
const CALLERS = 16;
const SECONDS = 10;

export async function measureLedger(databaseUrl: string) {
  const db = await connect({ databaseUrl, dataDir: '' });
  try {
    await migrate(db, migrations);
    await seedMoney(db);
    const exchange = await systemAccountId(db, 'exchange', 'THB');
    const accounts: number[] = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO players (username, display_name, password_hash) VALUES ($1, $1, 'bench') RETURNING id`,
        [`ledger_bench_${i}`],
      );
      accounts.push(await playerAccountId(db, rows[0]!.id, 'alphabet'));
    }

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
        const account = accounts[n % PLAYERS]!;
        const credit = n % 3 !== 0; // two credits for each debit, so debits mostly find funds
        const amount = 100 + (n % 900);
        try {
          await db.tx((q) =>
            postTransfers(q, [
              {
                reference: `bench:${process.pid}:${n}`,
                // Deposits in and withdrawals out, as the ledger's kinds name them (core/ledgerKinds.ts).
                kind: credit ? 'DEPOSIT' : 'WITHDRAW',
                debitAccountId: credit ? exchange : account,
                creditAccountId: credit ? account : exchange,
                amount,
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
    await Promise.all(Array.from({ length: CALLERS }, caller));
    const elapsed = (Date.now() - started) / 1000;
    const problems = await checkInvariants(db);
    const { rows: written } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger_transfers WHERE kind LIKE 'bench_%'`,
    );
    return {
      callers: CALLERS,
      players: PLAYERS,
      seconds: Math.round(elapsed * 10) / 10,
      applied,
      refusedForFunds: refused,
      opsPerSec: Math.round((applied + refused) / elapsed),
      transfersWritten: Number(written[0]?.n ?? 0),
      invariantProblems: problems.length,
      problems: problems.slice(0, 5),
    };
  } finally {
    await db.close();
  }
}
