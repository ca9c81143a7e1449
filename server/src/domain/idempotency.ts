import { createHash } from 'node:crypto';
import type { Db } from '../db/types';
import { DomainError } from '../errors';

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** A key still 'running' after this long belongs to a process that died: its transaction rolled back. */
const STALE_AFTER_SECONDS = 120;

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
 * Runs `operation` at most once per (player, operation name, key) — IETF Idempotency-Key semantics:
 * - the key row is claimed in its own short transaction first, so the unique primary key decides a race;
 * - a replay of a finished request returns the stored status and body;
 * - the same key with another payload → 422 IDEMPOTENCY_KEY_REUSED;
 * - while the first request still runs → 409 IDEMPOTENCY_IN_PROGRESS.
 * When the operation fails it had no effect (its transaction rolled back), so the key is released and a
 * retry runs it afresh; only successful responses are replayed.
 */
export async function withIdempotency(
  db: Db,
  scope: { playerId: string; operation: string; key: string; payload: unknown },
  operation: () => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const hash = requestHash(scope.payload);
  const ids = [scope.playerId, scope.operation, scope.key];
  const claimed = await db.query(
    `INSERT INTO idempotency_keys (player_id, operation, key, request_hash, state) VALUES ($1, $2, $3, $4, 'running')
     ON CONFLICT (player_id, operation, key) DO NOTHING`,
    [...ids, hash],
  );
  if (claimed.rowCount !== 1) {
    const r = await db.query<{
      request_hash: string;
      state: string;
      response_status: number | null;
      response_body: unknown;
    }>(
      'SELECT request_hash, state, response_status, response_body FROM idempotency_keys WHERE player_id = $1 AND operation = $2 AND key = $3',
      ids,
    );
    const row = r.rows[0];
    if (!row) return withIdempotency(db, scope, operation); // released between our insert and select
    if (row.request_hash !== hash)
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for another request');
    if (row.state === 'done')
      return { status: row.response_status ?? 200, body: parseBody(row.response_body) };
    const takenOver = await db.query(
      `UPDATE idempotency_keys SET updated_at = now() WHERE player_id = $1 AND operation = $2 AND key = $3
       AND state = 'running' AND updated_at < now() - make_interval(secs => $4)`,
      [...ids, STALE_AFTER_SECONDS],
    );
    if (takenOver.rowCount !== 1)
      throw new DomainError('IDEMPOTENCY_IN_PROGRESS', 'The first request with this key is still running');
  }
  let response: StoredResponse;
  try {
    response = await operation();
  } catch (err) {
    await db.query('DELETE FROM idempotency_keys WHERE player_id = $1 AND operation = $2 AND key = $3', ids);
    throw err;
  }
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $4, response_body = $5::jsonb, updated_at = now()
     WHERE player_id = $1 AND operation = $2 AND key = $3`,
    [...ids, response.status, JSON.stringify(response.body)],
  );
  return response;
}

function parseBody(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
