import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config';
import type { Db, Queryable, QueryOptions, QueryResult } from './types';

export interface ConnectOptions {
  /** PostgreSQL only: the schema every pool connection uses (tests give each app its own). */
  searchPath?: string;
  /** PostgreSQL only: the pool's connections (Config.databasePoolSize); node-postgres's 10 when unset. */
  poolSize?: number;
}

/** The database each transaction's q belongs to (databaseOf). */
const transactionsOf = new WeakMap<Queryable, Db>();

/**
 * The database handle a q belongs to: itself, or the Db whose transaction it is. For settings bound to a
 * database handle rather than passed down every call (the audit log's key, domain/ledger/audit.ts).
 */
export function databaseOf(q: Queryable): Queryable {
  return transactionsOf.get(q) ?? q;
}

/** PostgreSQL codes worth retrying a whole transaction for. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_TX_ATTEMPTS = 5;

/** The embedded database when DATABASE_URL is empty, otherwise a PostgreSQL pool. */
export async function connect(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>,
  options: ConnectOptions = {},
): Promise<Db> {
  return config.databaseUrl
    ? connectPostgres(config.databaseUrl, { poolSize: config.databasePoolSize, ...options })
    : connectPglite(config.dataDir);
}

/**
 * A `date` column (a calendar day: a check-in, a referral's accrual) reads back as its 'YYYY-MM-DD', as
 * written. Both drivers would otherwise make it a JavaScript Date at midnight in the server's time zone,
 * and a server set to Vientiane's (UTC+7) then named the day before.
 */
const DATE_OID = 1082;
const asWritten = (value: string) => value;

async function connectPglite(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, { parsers: { [DATE_OID]: asWritten } });
  await pglite.waitReady;

  // PGlite has a single connection: queries and transactions must not interleave, so every use goes
  // through one promise chain. A transaction holds the chain until it ends.
  let chain: Promise<unknown> = Promise.resolve();
  // Code inside a transaction that calls db.query instead of the transaction's own q would wait for the
  // transaction it is part of, forever. Fail loudly instead of hanging.
  const inTransaction = new AsyncLocalStorage<true>();
  function serialize<T>(fn: () => Promise<T>): Promise<T> {
    if (inTransaction.getStore()) {
      return Promise.reject(new Error("db.query/db.tx called inside db.tx: use the transaction's q"));
    }
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  }

  const db: Db = {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => serialize(() => pgliteQuery<T>(pglite, sql, params)),
    tx: <T>(fn: (q: Queryable) => Promise<T>) =>
      serialize(() =>
        pglite.transaction((tx) => {
          const q: Queryable = {
            query: <R>(sql: string, params?: unknown[]) => pgliteQuery<R>(tx, sql, params),
          };
          transactionsOf.set(q, db);
          return inTransaction.run(true, () => fn(q));
        }),
      ),
    // One process: a NOTIFY reaches this same connection's listeners when its transaction commits.
    listen: async (channels: readonly string[], onMessage: (channel: string, payload: string) => void) => {
      const unlisten = await serialize(() =>
        Promise.all(
          channels.map((channel) => pglite.listen(channel, (payload) => onMessage(channel, payload))),
        ),
      );
      return () => serialize(async () => void (await Promise.all(unlisten.map((stop) => stop()))));
    },
    // Every AsyncLocalStorage left enabled is visited at each promise the process creates: a process that
    // opens many databases (the tests do) would slow down with each one it closed.
    close: () => serialize(() => pglite.close()).finally(() => inTransaction.disable()),
  };
  return db;
}

type PgliteQueryable = Pick<PGlite, 'query' | 'exec'>;

/**
 * Like node-postgres: a query without parameters may hold several statements (migrations need that),
 * and answers with the last statement's rows.
 */
async function pgliteQuery<T>(db: PgliteQueryable, sql: string, params?: unknown[]): Promise<QueryResult<T>> {
  if (params === undefined || params.length === 0) {
    const results = await db.exec(sql);
    const last = results[results.length - 1];
    const rows = (last?.rows ?? []) as T[];
    return { rows, rowCount: last?.affectedRows ?? rows.length };
  }
  const res = await db.query<T>(sql, params);
  return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
}

const statementNames = new Map<string, string>();
/**
 * Statements are written in the code, so their texts are few (about 300); a text built from data would
 * not be, and past this many the rest run unprepared rather than fill every connection's memory.
 */
const MAX_PREPARED_TEXTS = 2_000;

/**
 * Whether a statement is prepared when its caller does not say (QueryOptions.prepared): it has parameters
 * (one text, run again with other values), returns named columns only (`*` may change its columns under a
 * prepared statement; `count(*)` does not), and is one statement (a prepared statement cannot hold more).
 */
export function preparedByDefault(sql: string, params: unknown[] | undefined): boolean {
  return Boolean(params?.length) && !/\*(?!\))/.test(sql) && !sql.includes(';');
}

/** A query as node-postgres takes it: named after its text when prepared (one name per text, always). */
function pgQuery(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
  if (!(options?.prepared ?? preparedByDefault(sql, params))) return { text: sql, values: params };
  let name = statementNames.get(sql);
  if (name === undefined) {
    if (statementNames.size >= MAX_PREPARED_TEXTS) return { text: sql, values: params };
    name = `s_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params };
}

async function connectPostgres(url: string, options: ConnectOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    types: {
      getTypeParser: (oid: number, format?: string) =>
        oid === DATE_OID ? asWritten : pg.types.getTypeParser(oid, format as 'text'),
    },
    // A libpq startup option, so the schema applies to every connection the pool ever opens.
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);

  // A parameterless query with several statements (a migration file) answers one result per statement:
  // keep the last, as PGlite does.
  const toResult = <T>(res: pg.QueryResult | pg.QueryResult[]): QueryResult<T> => {
    const last = Array.isArray(res) ? res[res.length - 1] : res;
    const rows = (last?.rows ?? []) as T[];
    return { rows, rowCount: last?.rowCount ?? rows.length };
  };

  async function txOnce<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const q: Queryable = {
        query: async <R>(sql: string, params?: unknown[], opts?: QueryOptions) =>
          toResult<R>(await client.query(pgQuery(sql, params, opts))),
      };
      transactionsOf.set(q, db);
      const result = await fn(q);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  const db: Db = {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[], opts?: QueryOptions) =>
      toResult<T>(await pool.query(pgQuery(sql, params, opts))),
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await txOnce(fn);
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (attempt >= MAX_TX_ATTEMPTS || !code || !RETRYABLE.has(code)) throw err;
          // A short random pause so two colliding transactions do not collide again in lockstep.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
        }
      }
    },
    listen: (channels: readonly string[], onMessage: (channel: string, payload: string) => void) =>
      listenPostgres(url, channels, onMessage),
    close: () => pool.end(),
  };
  return db;
}

/** Pause before a lost LISTEN connection is opened again. */
const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (a pool connection goes back to the pool between queries, and its
 * LISTEN with it). A lost connection is opened again after a pause; NOTIFYs sent meanwhile are missed, which
 * their users must allow for (the web app also polls).
 */
async function listenPostgres(
  url: string,
  channels: readonly string[],
  onMessage: (channel: string, payload: string) => void,
): Promise<() => Promise<void>> {
  for (const channel of channels)
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    const lost = () => {
      if (stopped || client !== c) return;
      client = undefined;
      c.end().catch(() => undefined);
      retry = setTimeout(() => void open().catch(() => undefined), RELISTEN_MS);
      retry.unref();
    };
    c.on('notification', (m) => {
      if (channels.includes(m.channel) && m.payload !== undefined) onMessage(m.channel, m.payload);
    });
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      for (const channel of channels) await c.query(`LISTEN ${channel}`);
    } catch (err) {
      lost();
      throw err;
    }
  };
  try {
    await open();
  } catch (err) {
    // The first connection is the caller's to retry.
    stopped = true;
    clearTimeout(retry);
    throw err;
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
