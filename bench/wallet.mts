// The seamless wallet's speed on PostgreSQL (issue 47, docs/games.md), in the same run:
// - over HTTP, as providers call it: `npm start`'s server taking a steady 500 signed calls per second (bets
//   and the wins that end their rounds) from 100 players across the 4 providers; achieved calls per second,
//   p50 and p99, errors;
// - the bet's own cost: placeWalletBet in process at 16 callers (its one transaction: the sessions, the play
//   time, the locks, the checks and the writes), beside pgbench running a script with the same statements at the same
//   clients for as long.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { execFileSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROVIDERS } from '../core/providers.ts';
import { createAdapters } from '../server/src/adapters/index.ts';
import { startClock } from '../server/src/clock.ts';
import { loadConfig } from '../server/src/config.ts';
import { connect } from '../server/src/db/connect.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { seed } from '../server/src/db/seed.ts';
import type { Db } from '../server/src/db/types.ts';
import { placeWalletBet } from '../server/src/domain/games/seamlessWallet.ts';
import {
  checkInvariants,
  playerAccountId,
  postTransfers,
  systemAccountId,
} from '../server/src/domain/ledger/ledger.ts';

const migrations = new URL('../server/src/db/migrations', import.meta.url).pathname;
const root = new URL('..', import.meta.url).pathname;
type Provider = (typeof PROVIDERS)[number];
const GAMES: Record<Provider, string> = {
  alphabet: 'alp-slot-001',
  askmebet: 'amb-slot-001',
  gclub: 'gc-casino-001',
  gclub_live: 'gcl-casino-001',
};
export const WALLET_CLIENTS = 16;
const SECONDS = 10;
const HTTP_RATE = 500;
const HTTP_SECONDS = 20;
const HTTP_WARMUP_SECONDS = 5;
const FUNDING = 1_000_000_000_000;

interface Bettor {
  playerId: string;
  provider: Provider;
  ref: string;
  account: number;
  float: number;
  session: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A migrated, seeded database with `players` players, each funded and in a game at every provider: a site
 * session, and a wallet session (player reference) per provider, written as the launch writes them.
 */
async function prepare(databaseUrl: string, players: number): Promise<{ db: Db; bettors: Bettor[] }> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, SANDBOX: 'true', TRANSFER_WALLET_PROVIDERS: '' });
  const db = await connect(config);
  await migrate(db, migrations);
  await seed(db, config);
  const exchange = await systemAccountId(db, 'exchange', 'THB');
  const bettors: Bettor[] = [];
  for (let i = 0; i < players; i += 1) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO players (username, display_name, password_hash) VALUES ($1, $1, 'bench') RETURNING id`,
      [`wallet_bench_${i}`],
    );
    const playerId = rows[0]!.id;
    const session = await db.query<{ id: string }>(
      `INSERT INTO sessions (token_hash, public_id, player_id, expires_at) VALUES ($1, $2, $3, now() + interval '12 hours')
       RETURNING id`,
      [sha256(randomBytes(16).toString('hex')), `S-BENCH${i}`, playerId],
    );
    for (const provider of PROVIDERS) {
      const ref = randomBytes(32).toString('hex');
      await db.query(
        `INSERT INTO wallet_sessions (token_hash, player_id, provider, game_id, site_session_id) VALUES ($1, $2, $3, $4, $5)`,
        [sha256(ref), playerId, provider, GAMES[provider], session.rows[0]!.id],
      );
      const account = await playerAccountId(db, playerId, provider);
      await db.tx((q) =>
        postTransfers(q, [
          {
            reference: `bench-fund:${playerId}:${provider}`,
            kind: 'DEPOSIT',
            debitAccountId: exchange,
            creditAccountId: account,
            amount: FUNDING,
          },
        ]),
      );
      bettors.push({
        playerId,
        provider,
        ref,
        account,
        float: await systemAccountId(db, 'provider_float', 'THB', provider),
        session: session.rows[0]!.id,
      });
    }
  }
  return { db, bettors };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** placeWalletBet in process at WALLET_CLIENTS callers for SECONDS: bets per second, p50/p99 ms. */
export async function measureWalletBets(databaseUrl: string) {
  const { db, bettors } = await prepare(databaseUrl, 50);
  const config = {
    ...loadConfig({
      DATABASE_URL: databaseUrl,
      SANDBOX: 'true',
      TRANSFER_WALLET_PROVIDERS: '',
      LOG_LEVEL: 'silent',
    }),
  };
  const ctx = { config, db, adapters: createAdapters(config, db), clock: await startClock(db, true) };
  try {
    const latencies: number[] = [];
    let errors = 0;
    let n = 0;
    const deadline = Date.now() + SECONDS * 1000;
    const started = Date.now();
    const caller = async (c: number) => {
      while (Date.now() < deadline) {
        n += 1;
        const id = `${process.pid}-${n}`;
        // Each caller keeps to its own players, as one provider session's calls do.
        const b = bettors[(c + WALLET_CLIENTS * (n % 10)) % bettors.length]!;
        const t0 = performance.now();
        try {
          await placeWalletBet(ctx, b.provider, {
            transactionId: `bet-${id}`,
            roundId: `round-${id}`,
            gameId: GAMES[b.provider],
            player: b.ref,
            amount: 100,
            currency: 'THB',
          });
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: WALLET_CLIENTS }, (_, c) => caller(c)));
    const elapsed = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      callers: WALLET_CLIENTS,
      seconds: Math.round(elapsed * 10) / 10,
      betsPerSec: Math.round(latencies.length / elapsed),
      p50Ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
      p99Ms: Math.round(percentile(latencies, 0.99) * 10) / 10,
      errors,
      invariantProblems: (await checkInvariants(db)).length,
    };
  } finally {
    await db.close();
  }
}

/** pgbench with a bet's statements (PGBENCH_BET), on a database prepared the same way, same clients. */
export async function measurePgbenchBet(databaseUrl: string) {
  const { db, bettors } = await prepare(databaseUrl, 50);
  try {
    await db.query(
      `CREATE TABLE bench_bettors (i int PRIMARY KEY, player uuid NOT NULL, provider text NOT NULL, h text NOT NULL,
         account bigint NOT NULL, float bigint NOT NULL, session uuid NOT NULL, game text NOT NULL,
         account_key text NOT NULL, float_key text NOT NULL)`,
    );
    for (const [i, b] of bettors.entries())
      await db.query('INSERT INTO bench_bettors VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
        i,
        b.playerId,
        b.provider,
        sha256(b.ref),
        b.account,
        b.float,
        b.session,
        GAMES[b.provider],
        `player:${b.playerId}:${b.provider}`,
        `system:provider_float:THB:${b.provider}`,
      ]);
  } finally {
    await db.close();
  }
  const script = join(mkdtempSync(join(tmpdir(), 'bench-pgbench-')), 'bet.sql');
  writeFileSync(script, PGBENCH_BET(bettors.length));
  const out = execFileSync(
    'pgbench',
    [
      '-n',
      '-f',
      script,
      '-c',
      String(WALLET_CLIENTS),
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
  return {
    clients: WALLET_CLIENTS,
    seconds: SECONDS,
    tps: Math.round(Number(tps)),
    failed: Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

/**
 * What placeWalletBet runs for one bet, statement for statement: the one statement of an ordinary bet
 * (wallet_bet_fast, migration 034: the sessions, the play time when due, the checks, the ledger posting and the
 * records); when it answers NULL (a bet it leaves to TypeScript: none in this workload, every bettor being
 * ordinary), the transaction placeWalletBet then runs: the game and site sessions, the play time when noted,
 * the credit's lock, the bet's context in one read, the ledger posting, and the records.
 * pgbench replaces `:name` even inside quotes, so no literal here holds a colon: the account keys are columns.
 */
const PGBENCH_BET = (bettors: number) => `\\set i random(0, ${bettors - 1})
SELECT player, provider, h, account, float, session, game, account_key, float_key FROM bench_bettors WHERE i = :i \\gset
SELECT CAST(wallet_bet_fast(CAST(:provider AS text), CAST(:h AS text), 'pg-' || txid_current(), 'r-' || txid_current(), CAST(:game AS text), CAST(100 AS bigint), now(), now() - interval '30 minutes', 10, 60, current_date, current_date, 'h', 'pg-bet-' || txid_current()) IS NOT NULL AS int) AS fast \\gset
\\if :fast = 0
BEGIN;
WITH game AS (SELECT token_hash, player_id, site_session_id, COALESCE(last_activity_at, created_at) AS last FROM wallet_sessions WHERE token_hash = CAST(:h AS text) AND provider = CAST(:provider AS text) FOR UPDATE), noted AS (UPDATE wallet_sessions w SET last_activity_at = now() FROM game WHERE w.token_hash = game.token_hash AND game.last <= now() AND (game.last <= now() - make_interval(secs => 10) OR EXISTS (SELECT 1 FROM player_limits l WHERE l.player_id = game.player_id AND l.kind = 'PLAY_TIME' AND l.period = 'DAY' AND l.amount IS NOT NULL)) RETURNING 1), touched AS (UPDATE sessions s SET last_seen_at = now() FROM game WHERE s.id = game.site_session_id AND s.expires_at > now() AND s.last_seen_at > now() - interval '30 minutes' AND s.last_seen_at < now() - make_interval(secs => 60) RETURNING 1) SELECT game.player_id, game.site_session_id, game.last, CAST(EXISTS (SELECT 1 FROM noted) AS int) AS noted, EXISTS (SELECT 1 FROM touched) OR EXISTS (SELECT 1 FROM sessions s WHERE s.id = game.site_session_id AND s.expires_at > now() AND s.last_seen_at > now() - interval '30 minutes') AS site_live FROM game \\gset
\\if :noted = 1
SELECT * FROM note_play_activity(CAST(:player AS uuid), now() - interval '10 seconds', now(), current_date);
\\endif
SELECT p.id, f.id, p.balance FROM ledger_accounts p, ledger_accounts f WHERE p.key = CAST(:account_key AS text) AND f.key = CAST(:float_key AS text) FOR UPDATE OF p;
SELECT (SELECT json_build_object('hash', request_hash, 'answer', answer) FROM wallet_transactions WHERE provider = CAST(:provider AS text) AND transaction_id = 'pg-' || txid_current()) AS repeat, EXISTS (SELECT 1 FROM wallet_tombstones WHERE provider = CAST(:provider AS text) AND bet_transaction_id = 'pg-' || txid_current()) AS tombstone, EXISTS (SELECT 1 FROM games WHERE id = CAST(:game AS text) AND provider = CAST(:provider AS text)) AS game, (SELECT json_build_object('player_id', player_id, 'status', status) FROM wallet_rounds WHERE provider = CAST(:provider AS text) AND round_id = 'r-' || txid_current()) AS round, (SELECT json_build_object('kind', kind, 'ends_at', ends_at) FROM player_exclusions WHERE player_id = CAST(:player AS uuid) AND starts_at <= now() AND ends_at > now() ORDER BY kind = 'SELF_EXCLUSION' DESC, ends_at DESC LIMIT 1) AS exclusion, (SELECT json_agg(json_build_object('period', period, 'amount', amount) ORDER BY period) FROM player_limits WHERE player_id = CAST(:player AS uuid) AND kind = 'LOSS' AND amount IS NOT NULL) AS loss_limits, (SELECT seconds FROM player_play_time WHERE player_id = CAST(:player AS uuid) AND day = current_date) AS played, (SELECT amount FROM player_limits WHERE player_id = CAST(:player AS uuid) AND kind = 'PLAY_TIME' AND period = 'DAY' AND amount IS NOT NULL) AS play_limit;
SELECT * FROM ledger_post_transfer('pg-bet-' || txid_current(), 'GAME_BET', CAST(:account AS bigint), CAST(:float AS bigint), CAST(100 AS bigint), NULL, NULL, NULL);
SELECT wallet_record_bet(CAST(:provider AS text), 'r-' || txid_current(), CAST(:player AS uuid), CAST(:game AS text), CAST(100 AS bigint), current_date, 'pg-' || txid_current(), 'h', CAST('{}' AS jsonb), 'pg-bet-' || txid_current()) AS refused;
END;
\\endif
`;

/**
 * Over HTTP: the site (`node scripts/start.mjs`) on a prepared database with 100 players in a game at every
 * provider; calls sent at a steady HTTP_RATE per second for HTTP_SECONDS, each (player, provider) betting
 * and then ending its round with a win, one call at a time. Calls per second achieved, p50/p99, errors.
 */
export async function measureWalletHttp(databaseUrl: string) {
  const { db, bettors } = await prepare(databaseUrl, 100);
  // The set-up's writes (and the databases the last run left, dropped) are flushed now, not by a checkpoint
  // in the middle of the measurement.
  await db.query('CHECKPOINT');
  await db.close();
  const secrets = Object.fromEntries(PROVIDERS.map((p) => [p, randomBytes(32).toString('hex')])) as Record<
    Provider,
    string
  >;
  const port = 4320;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      SANDBOX: 'true',
      TRANSFER_WALLET_PROVIDERS: '',
      ...Object.fromEntries(PROVIDERS.map((p) => [`WALLET_SECRET_${p.toUpperCase()}`, secrets[p]])),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/api/v2/agency/info`)).ok) break;
      } catch {
        // Not yet.
      }
      if (i > 1200) throw new Error('the site did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    // node:http on kept-alive connections, one per player at most: the load generator shares the machine's
    // two cores with the server and the database, and fetch cost it about twice the CPU per call.
    const agent = new Agent({ keepAlive: true, maxSockets: 100 });
    const post = (pathname: string, body: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: pathname, method: 'POST', agent, headers },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const latencies: number[] = [];
    let errors = 0;
    let skipped = 0;
    let n = 0;
    const busy = new Set<number>();
    const state = bettors.map(() => ({ round: '', open: false }));
    const call = async (index: number) => {
      busy.add(index);
      const b = bettors[index]!;
      const s = state[index]!;
      n += 1;
      const operation = s.open ? 'win' : 'bet';
      if (!s.open) s.round = `r-${process.pid}-${n}`;
      const body = s.open
        ? {
            transactionId: `w-${s.round}`,
            roundId: s.round,
            gameId: GAMES[b.provider],
            player: b.ref,
            amount: n % 3 === 0 ? 200 : 0,
            currency: 'THB',
            endRound: true,
          }
        : {
            transactionId: `b-${s.round}`,
            roundId: s.round,
            gameId: GAMES[b.provider],
            player: b.ref,
            amount: 100,
            currency: 'THB',
          };
      const pathname = `/api/v2/wallet/${b.provider}/${operation}`;
      const raw = JSON.stringify(body);
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', secrets[b.provider])
        .update(`POST ${pathname}\n${timestamp}\n${raw}`)
        .digest('hex');
      const t0 = performance.now();
      try {
        const status = await post(pathname, raw, {
          'content-type': 'application/json',
          'x-wallet-timestamp': timestamp,
          'x-wallet-signature': signature,
        });
        if (status !== 200) errors += 1;
        else s.open = !s.open;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
      busy.delete(index);
    };
    let next = 0;
    const drive = async (seconds: number) => {
      const started = Date.now();
      let sent = 0;
      const inflight: Promise<void>[] = [];
      while (Date.now() - started < seconds * 1000) {
        const due = Math.floor(((Date.now() - started) / 1000) * HTTP_RATE);
        while (sent < due) {
          let tries = 0;
          while (busy.has(next % bettors.length) && tries < bettors.length) {
            next += 1;
            tries += 1;
          }
          if (tries === bettors.length) {
            skipped += 1;
          } else inflight.push(call(next % bettors.length));
          next += 1;
          sent += 1;
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      await Promise.all(inflight);
      return (Date.now() - started) / 1000;
    };
    // The first seconds of a fresh server are its warm-up (the JIT, each pool connection's prepared
    // statements and compiled functions): sent at the same rate, not counted, as a provider's steady
    // traffic never meets a cold server.
    await drive(HTTP_WARMUP_SECONDS);
    latencies.length = 0;
    errors = 0;
    skipped = 0;
    const elapsed = await drive(HTTP_SECONDS);
    latencies.sort((a, b) => a - b);
    return {
      players: 100,
      providers: PROVIDERS.length,
      targetPerSec: HTTP_RATE,
      callsPerSec: Math.round(latencies.length / elapsed),
      p50Ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
      p99Ms: Math.round(percentile(latencies, 0.99) * 10) / 10,
      errors,
      skipped,
    };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}
