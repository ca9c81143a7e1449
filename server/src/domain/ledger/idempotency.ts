import { createHash } from 'node:crypto';
import { crashPoint } from '../../crashPoints';
import type { Db, Queryable } from '../../db/types';
import { DomainError } from '../../errors';

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyScope {
  playerId: string;
  /** The contract's operationId, so one key may serve different operations without clashing. */
  operation: string;
  key: string;
  payload: unknown;
}

/** Stable hash of a request payload: keys sorted, so {a,b} and {b,a} are the same request. */
export function requestHash(payload: unknown): string {
  return createHash('sha256').update(canonicalJson(payload)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Keys this process is running now, per database. PGlite runs one transaction at a time, so a second
 * request with the same key would only queue behind the first and then replay it: this set lets it answer
 * 409 while the first runs, as on PostgreSQL. On PostgreSQL it also spares a pool connection.
 */
const inFlight = new WeakMap<Db, Set<string>>();

function inFlightKeys(db: Db): Set<string> {
  let keys = inFlight.get(db);
  if (!keys) inFlight.set(db, (keys = new Set()));
  return keys;
}

/** How many keys this process is running now (a metric: a stuck one shows as a count that never falls). */
export function idempotencyKeysInFlight(db: Db): number {
  return inFlight.get(db)?.size ?? 0;
}

/** A 64-bit advisory lock id for a key: other instances running the same key see it taken. */
function advisoryLockId(id: string): string {
  return createHash('sha256').update(`idempotency:${id}`).digest().readBigInt64BE(0).toString();
}

/**
 * Runs a money operation at most once per (player, operation name, key), IETF Idempotency-Key semantics:
 * a replay of a finished request returns the stored status and body; the same key with another payload is
 * 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_PROGRESS.
 *
 * The key is bound to the effect: the key row is written in the same transaction as the operation's
 * effect and its response, through the `q` the operation is given. So a key exists exactly when its
 * effect committed, whatever moment the process dies at: a retry after a crash either replays the
 * committed response or, when nothing committed, runs the operation afresh. No timeout is involved.
 * While the transaction runs, the key is held by a transaction-scoped advisory lock (PostgreSQL, across
 * instances) and by this process's in-flight set; both vanish with the transaction or the process.
 *
 * Every money call takes its Idempotency-Key through here, and does all its reads and writes on `q`.
 */
export async function withIdempotency(
  db: Db,
  scope: IdempotencyScope,
  operation: (q: Queryable) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const hash = requestHash(scope.payload);
  const ids = [scope.playerId, scope.operation, scope.key];
  const id = ids.join('\u0000');
  const running = inFlightKeys(db);
  if (running.has(id)) throw inProgress();
  running.add(id);
  try {
    const response = await db.tx(async (q) => {
      if (db.kind === 'postgres') {
        const lock = await q.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS ok', [
          advisoryLockId(id),
        ]);
        if (!lock.rows[0]?.ok) throw inProgress();
      }
      const found = await q.query<{
        request_hash: string;
        response_status: number | null;
        response_body: unknown;
      }>(
        `SELECT request_hash, response_status, response_body FROM idempotency_keys
         WHERE player_id = $1 AND operation = $2 AND key = $3 AND state = 'done'`,
        ids,
      );
      const row = found.rows[0];
      if (row) {
        if (row.request_hash !== hash)
          throw new DomainError(
            'IDEMPOTENCY_KEY_REUSED',
            'This idempotency key was used for another request',
          );
        return { status: row.response_status ?? 200, body: parseBody(row.response_body), replayed: true };
      }
      const result = await operation(q);
      // Only a leftover of the earlier claim-first scheme can be here ('running'): this request replaces it.
      await q.query(
        `INSERT INTO idempotency_keys (player_id, operation, key, request_hash, state, response_status, response_body)
         VALUES ($1, $2, $3, $4, 'done', $5, $6::jsonb)
         ON CONFLICT (player_id, operation, key) DO UPDATE SET request_hash = EXCLUDED.request_hash,
           state = 'done', response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body,
           updated_at = app_now()`,
        [...ids, hash, result.status, JSON.stringify(result.body)],
      );
      crashPoint(`${scope.operation}:before-commit`);
      return { ...result, replayed: false };
    });
    if (!response.replayed) crashPoint(`${scope.operation}:after-commit`);
    return { status: response.status, body: response.body };
  } finally {
    running.delete(id);
  }
}

/** True when this key already finished (with this or another payload): its call will only be answered. */
export async function isAnswered(db: Db, scope: IdempotencyScope): Promise<boolean> {
  const found = await db.query(
    `SELECT 1 FROM idempotency_keys WHERE player_id = $1 AND operation = $2 AND key = $3 AND state = 'done'`,
    [scope.playerId, scope.operation, scope.key],
  );
  return found.rows.length > 0;
}

function inProgress(): DomainError {
  return new DomainError('IDEMPOTENCY_IN_PROGRESS', 'The first request with this key is still running');
}

function parseBody(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
