import { seamlessWalletCheck } from '../src/domain/games/betHistory';
import { checkInvariants } from '../src/domain/ledger/ledger';
import { removeBundles } from './nodeBundles';
import { dropWorkloadDb, openWorkloadDb, runSeamlessWorkload, type SeamlessRun } from './seamlessWorkload';

/**
 * The seamless wallet's seeded fault run (seamlessWorkload.ts): simulated providers betting, winning,
 * rolling back and ending rounds through the signed wallet API, with answers dropped and retried, calls
 * delivered twice and out of order, rollbacks before their bets, beside deposits, withdrawals and credit
 * moves, while the server is SIGKILLed twice and restarted. Then the checker holds the database and every
 * answer to the wallet's rules:
 * - money conserved and every balance the sum of its postings (checkInvariants);
 * - each transaction id applied at most once: every game transfer of the ledger has its wallet transaction,
 *   and every wallet transaction that moved money has exactly one transfer;
 * - every repeat answered with the first answer (the same balance for every 200 to one transaction);
 * - no bet taken after its tombstone, nor after the player went over a loss limit;
 * - the ledger equal to the sum of the rounds, per player and provider (seamlessWalletCheck).
 *
 * Other seeds: SEAMLESS_SEEDS=7,8,9 npx jest --selectProjects server -i server/test/seamlessWorkload.test.ts
 * A seed that once failed joins REGRESSION_SEEDS and stays there.
 */
const SEEDS_PGLITE = [1, 2, 3];
const SEEDS_POSTGRES = [101, 102, 103];
// 108 (PostgreSQL) once flagged a bet that began while the loss limit was being set, before its commit: the
// checker now holds bets to the limit from its answer on (seamlessWorkload.ts, lossLimitAt).
const REGRESSION_SEEDS: number[] = [108];

const onPostgres = Boolean(process.env.DATABASE_URL);
const seeds = process.env.SEAMLESS_SEEDS
  ? process.env.SEAMLESS_SEEDS.split(',').map((s) => Number(s.trim()))
  : [...(onPostgres ? SEEDS_POSTGRES : SEEDS_PGLITE), ...REGRESSION_SEEDS];

jest.setTimeout(240_000);
afterAll(() => removeBundles());

async function judge(run: SeamlessRun): Promise<string[]> {
  const db = await openWorkloadDb(run.database);
  const problems: string[] = [];
  try {
    problems.push(...(await checkInvariants(db)));

    const transfers = await db.query<{ reference: string; rows: number }>(
      `SELECT t.reference, count(w.transaction_id)::int AS rows FROM ledger_transfers t
       LEFT JOIN wallet_transactions w ON w.ledger_reference = t.reference
       WHERE t.kind IN ('GAME_BET', 'GAME_WIN', 'GAME_REFUND') GROUP BY t.reference HAVING count(w.transaction_id) <> 1`,
    );
    for (const t of transfers.rows)
      problems.push(`transfer ${t.reference} has ${t.rows} wallet transactions`);
    const moved = await db.query<{ provider: string; transaction_id: string; n: number }>(
      `SELECT w.provider, w.transaction_id, count(t.id)::int AS n FROM wallet_transactions w
       LEFT JOIN ledger_transfers t ON t.reference = w.ledger_reference
       WHERE w.ledger_reference IS NOT NULL GROUP BY 1, 2 HAVING count(t.id) <> 1`,
    );
    for (const m of moved.rows) problems.push(`${m.provider} ${m.transaction_id} moved money ${m.n} times`);

    const first = new Map<string, number | undefined>();
    for (const a of run.answers) {
      if (a.status !== 200 || a.operation === 'end-round' || a.operation === 'balance') continue;
      const key = `${a.provider} ${a.operation} ${a.transactionId}`;
      if (!first.has(key)) first.set(key, a.balance);
      else if (first.get(key) !== a.balance)
        problems.push(`${key} answered ${a.balance} after ${first.get(key)}: not the first answer`);
    }

    const afterTombstone = await db.query<{ provider: string; transaction_id: string }>(
      `SELECT w.provider, w.transaction_id FROM wallet_transactions w
       JOIN wallet_tombstones b ON b.provider = w.provider AND b.bet_transaction_id = w.transaction_id
       WHERE w.kind = 'BET'`,
    );
    for (const b of afterTombstone.rows)
      problems.push(`bet ${b.provider} ${b.transaction_id} taken though its rollback came first`);
    for (const [playerId, at] of run.lossLimitAt) {
      const late = await db.query<{ n: number }>(
        // created_at is the bet transaction's start (the database's clock, the machine's, as the run's).
        `SELECT count(*)::int AS n FROM wallet_transactions w
         WHERE w.kind = 'BET' AND w.player_id = $1 AND w.created_at > $2`,
        [playerId, new Date(at).toISOString()],
      );
      if (late.rows[0]!.n > 0)
        problems.push(
          `${late.rows[0]!.n} bets of ${playerId} taken over the loss limit answered at ${new Date(at).toISOString()}`,
        );
    }

    problems.push(...(await seamlessWalletCheck(db, new Date())).differences);
  } finally {
    await db.close();
  }
  return problems;
}

async function summary(run: SeamlessRun): Promise<string> {
  const db = await openWorkloadDb(run.database);
  try {
    const r = await db.query<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM wallet_transactions GROUP BY kind
       UNION ALL SELECT 'TOMBSTONE', count(*)::int FROM wallet_tombstones
       UNION ALL SELECT 'OPEN ROUND', count(*)::int FROM wallet_rounds WHERE status = 'OPEN'
       UNION ALL SELECT 'PROMOTION USAGE', count(*)::int FROM promotion_usages
       UNION ALL SELECT 'LEDGER ' || kind, count(*)::int FROM ledger_transfers
         WHERE kind IN ('DEPOSIT', 'BONUS', 'WITHDRAW_HOLD', 'MOVE', 'CHECK_IN') GROUP BY kind`,
    );
    const refusals = new Map<string, number>();
    for (const a of run.answers) if (a.code) refusals.set(a.code, (refusals.get(a.code) ?? 0) + 1);
    return `seed ${run.seed}: ${run.calls} wallet calls, ${run.siteCalls} site calls, ${run.kills} kills; ${r.rows
      .map((x) => `${x.kind} ${x.n}`)
      .join(', ')}; refusals ${[...refusals].map(([c, n]) => `${c} ${n}`).join(', ')}`;
  } finally {
    await db.close();
  }
}

describe.each(seeds)('seamless fault run, seed %i', (seed) => {
  test('money conserved, each transaction once, first answers repeated, no bet past a tombstone or limit', async () => {
    const run = await runSeamlessWorkload(seed);
    try {
      expect(run.kills).toBe(2);
      expect(run.answers.filter((a) => a.operation === 'bet' && a.status === 200).length).toBeGreaterThan(20);
      expect(await judge(run)).toEqual([]);
      if (process.env.SEAMLESS_VERBOSE) console.log(await summary(run));
      if (seed === seeds[0]) {
        // The checker sees what it looks for: a repeat answered differently, a bet taken past its tombstone.
        const bet = run.answers.find((a) => a.operation === 'bet' && a.status === 200)!;
        run.answers.push({ ...bet, balance: (bet.balance ?? 0) + 1 });
        const db = await openWorkloadDb(run.database);
        await db.query(
          `INSERT INTO wallet_tombstones (provider, bet_transaction_id, rollback_transaction_id, round_id)
           VALUES ($1, $2, 'planted', 'planted')`,
          [bet.provider, bet.transactionId],
        );
        await db.close();
        const found = await judge(run);
        expect(found.some((p) => p.includes('not the first answer'))).toBe(true);
        expect(found.some((p) => p.includes('its rollback came first'))).toBe(true);
      }
    } finally {
      await dropWorkloadDb(run.database);
    }
  });
});
