import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types';
import { toInt, toIso } from '../db/values';

/**
 * Who did something: a staff member in the back office, or someone at the server's terminal (`npm run
 * ops`). Written into the audit log as "staff:<username>" or "ops:<system user>".
 */
export interface Actor {
  /** "staff:noy" or "ops:root". */
  name: string;
  /** Where from: the request's address, or "cli". */
  address: string;
}

export interface AuditInput {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry {
  seq: number;
  at: string;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  address: string;
}

interface AuditRow {
  seq: unknown;
  at: unknown;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  address: string;
  prev_hash: string;
  hash: string;
}

/** JSON with object keys sorted, so the hash does not depend on how jsonb stored them. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object')
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The hash of one row: every field it shows, and the hash of the row before. */
function rowHash(prevHash: string, e: AuditEntry): string {
  return createHash('sha256')
    .update(
      canonical([
        prevHash,
        e.seq,
        e.at,
        e.actor,
        e.action,
        e.target,
        e.before ?? null,
        e.after ?? null,
        e.address,
      ]),
    )
    .digest('hex');
}

/** A value as jsonb keeps it: what went in is what the hash must cover when read back. */
function stored(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/**
 * Appends one row in the caller's transaction, so the action and its record commit or roll back together.
 * The chain's head is locked until then: rows from any instance follow one another, each hashing the last.
 */
export async function appendAudit(q: Queryable, actor: Actor, input: AuditInput): Promise<void> {
  const head = await q.query<{ seq: unknown; hash: string }>(
    'SELECT seq, hash FROM audit_head WHERE id FOR UPDATE',
  );
  const prev = head.rows[0]!;
  // An ISO text in milliseconds: the timestamptz read back gives the same text the hash was made of.
  const at = new Date().toISOString();
  const entry: AuditEntry = {
    seq: toInt(prev.seq) + 1,
    at,
    actor: actor.name,
    action: input.action,
    target: input.target,
    before: stored(input.before),
    after: stored(input.after),
    address: actor.address,
  };
  const hash = rowHash(prev.hash, entry);
  await q.query(
    `INSERT INTO audit_log (seq, at, actor, action, target, before, after, address, prev_hash, hash)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10)`,
    [
      entry.seq,
      entry.at,
      entry.actor,
      entry.action,
      entry.target,
      entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === null ? null : JSON.stringify(entry.after),
      entry.address,
      prev.hash,
      hash,
    ],
  );
  await q.query('UPDATE audit_head SET seq = $1, hash = $2 WHERE id', [entry.seq, hash]);
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    seq: toInt(row.seq),
    at: toIso(row.at),
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    address: row.address,
  };
}

export interface ChainState {
  intact: boolean;
  rows: number;
  /** The first row that does not follow from the one before (edited, or one before it deleted). */
  brokenAt: number | null;
}

/**
 * Walks the whole chain: each row must be numbered one after the last, name the last row's hash, and hash
 * to its own. The head must name the last row, so deleting the newest rows is caught too.
 */
export async function verifyAuditChain(q: Queryable): Promise<ChainState> {
  let prevHash = '0'.repeat(64);
  let expectedSeq = 1;
  let rows = 0;
  const BATCH = 1000;
  for (;;) {
    const r = await q.query<AuditRow>(
      `SELECT seq, at, actor, action, target, before, after, address, prev_hash, hash FROM audit_log
       WHERE seq >= $1 ORDER BY seq LIMIT ${BATCH}`,
      [expectedSeq],
    );
    for (const row of r.rows) {
      const entry = toEntry(row);
      if (entry.seq !== expectedSeq || row.prev_hash !== prevHash || rowHash(prevHash, entry) !== row.hash)
        return { intact: false, rows, brokenAt: entry.seq === expectedSeq ? entry.seq : expectedSeq };
      prevHash = row.hash;
      expectedSeq += 1;
      rows += 1;
    }
    if (r.rows.length < BATCH) break;
  }
  const head = (await q.query<{ seq: unknown; hash: string }>('SELECT seq, hash FROM audit_head WHERE id'))
    .rows[0]!;
  if (toInt(head.seq) !== rows || head.hash !== prevHash) return { intact: false, rows, brokenAt: rows + 1 };
  return { intact: true, rows, brokenAt: null };
}

/** A page of the log, newest first, optionally of one actor. */
export async function listAudit(
  q: Queryable,
  page: number,
  pageSize: number,
  actor?: string,
): Promise<{ items: AuditEntry[]; total: number }> {
  const r = await q.query<AuditRow>(
    `SELECT seq, at, actor, action, target, before, after, address, prev_hash, hash FROM audit_log
     WHERE $1::text IS NULL OR actor = $1::text ORDER BY seq DESC LIMIT $2 OFFSET $3`,
    [actor ?? null, pageSize, (page - 1) * pageSize],
  );
  const total = await q.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM audit_log WHERE $1::text IS NULL OR actor = $1::text',
    [actor ?? null],
  );
  return { items: r.rows.map(toEntry), total: toInt(total.rows[0]!.n) };
}
