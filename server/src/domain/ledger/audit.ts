import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { databaseOf } from '../../db/connect';
import type { Db, Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';
import { addDays, vientianeDayStart } from '@core/rewardPeriods';
import { DomainError } from '../../errors';

/*
 * The audit log (docs/security.md#audit-log): each row carries a MAC (HMAC-SHA256) of its content and of the
 * row before it, keyed by AUDIT_SECRET, a key that is never written into the database. Whoever can write
 * the database can still add, edit or delete rows, but cannot make a row's MAC, so any such change breaks
 * the chain for `audit verify`. The head (the last row's number and MAC) is MAC'd too, and `audit
 * checkpoint` prints a signed copy of it to keep elsewhere: deleting the newest rows, which leaves a chain
 * that is whole as far as it goes, is caught by a checkpoint taken before.
 *
 * Rows written before the key (plain SHA-256, migration 023) keep their hashes: at the first start with a
 * key the chain is sealed where it stood (keyAuditLog), by a MAC of that row's number and hash. Rows up to
 * the seal are checked by the old rule, and must still end in the sealed hash; every later row by the MAC.
 */

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

type Key = Buffer;

/** The key of each database handle's audit log (keyAuditLog); a handle without one cannot append or verify. */
const keys = new WeakMap<Queryable, Key>();

export class AuditKeyMissing extends Error {
  constructor() {
    super(
      'No audit key: set AUDIT_SECRET (the one the site runs with), or in sandbox mode run with the DATA_DIR ' +
        "that holds the site's audit.key",
    );
  }
}

function keyOf(q: Queryable): Key {
  const key = keys.get(databaseOf(q));
  if (!key) throw new AuditKeyMissing();
  return key;
}

const ZERO_HASH = '0'.repeat(64);

/** The fields of one row in a fixed order, with the hash or MAC of the row before. */
function rowContent(prevHash: string, e: AuditEntry): string {
  return canonical([
    prevHash,
    e.seq,
    e.at,
    e.actor,
    e.action,
    e.target,
    e.before ?? null,
    e.after ?? null,
    e.address,
  ]);
}

/** Rows up to the seal: plain SHA-256, as written before the log had a key. */
function legacyHash(prevHash: string, e: AuditEntry): string {
  return createHash('sha256').update(rowContent(prevHash, e)).digest('hex');
}

/** A MAC of one kind of statement: the kinds are kept apart, so no statement's MAC stands for another's. */
function mac(key: Key, kind: 'row' | 'head' | 'seal' | 'checkpoint', content: string): string {
  return createHmac('sha256', key).update(`audit-${kind}\n${content}`).digest('hex');
}

function rowMac(key: Key, prevHash: string, e: AuditEntry): string {
  return mac(key, 'row', rowContent(prevHash, e));
}

function headMac(key: Key, seq: number, hash: string): string {
  return mac(key, 'head', canonical([seq, hash]));
}

function sealMac(key: Key, seq: number, hash: string): string {
  return mac(key, 'seal', canonical([seq, hash]));
}

function sameMac(a: string | null, b: string): boolean {
  if (a === null || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** A value as jsonb keeps it: what went in is what the hash must cover when read back. */
function stored(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

interface HeadRow {
  seq: unknown;
  hash: string;
  mac: string | null;
  sealed_seq: unknown;
  sealed_hash: string | null;
  sealed_mac: string | null;
}

const HEAD_COLUMNS = 'seq, hash, mac, sealed_seq, sealed_hash, sealed_mac';

/**
 * Binds the audit log's key to a database handle (and its transactions), and seals the rows written before
 * the log had a key, once. `secret` is AUDIT_SECRET, or the sandbox's kept key (sandboxSecrets.ts); empty
 * leaves the handle without a key: it may read the log, but appending or verifying fails (AuditKeyMissing).
 * Throws when the log was sealed with another key: a server with the wrong key would write rows no verify
 * could follow.
 */
export async function keyAuditLog(db: Db, secret: string): Promise<void> {
  if (!secret) return;
  const key = Buffer.from(secret, 'utf8');
  await db.tx(async (q) => {
    const head = (await q.query<HeadRow>(`SELECT ${HEAD_COLUMNS} FROM audit_head WHERE id FOR UPDATE`))
      .rows[0]!;
    if (head.sealed_mac !== null) {
      if (!sameMac(head.sealed_mac, sealMac(key, toInt(head.sealed_seq), head.sealed_hash ?? '')))
        throw new Error(
          "AUDIT_SECRET is not the key this database's audit log is signed with: start with the same key " +
            '(in sandbox mode, the same DATA_DIR/audit.key)',
        );
      return;
    }
    // The first start with a key: what stands now is sealed, and every later row is MAC'd.
    const seq = toInt(head.seq);
    await q.query(
      'UPDATE audit_head SET sealed_seq = $1, sealed_hash = $2, sealed_mac = $3, mac = $4 WHERE id',
      [seq, head.hash, sealMac(key, seq, head.hash), headMac(key, seq, head.hash)],
    );
  });
  keys.set(db, key);
}

/**
 * Appends one row in the caller's transaction, so the action and its record commit or roll back together.
 * The chain's head is locked until then: rows from any instance follow one another, each MAC'ing the last.
 */
export async function appendAudit(q: Queryable, actor: Actor, input: AuditInput): Promise<void> {
  const key = keyOf(q);
  const head = await q.query<{ seq: unknown; hash: string }>(
    'SELECT seq, hash FROM audit_head WHERE id FOR UPDATE',
  );
  const prev = head.rows[0]!;
  // An ISO text in milliseconds: the timestamptz read back gives the same text the MAC was made of.
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
  const hash = rowMac(key, prev.hash, entry);
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
  await q.query('UPDATE audit_head SET seq = $1, hash = $2, mac = $3 WHERE id', [
    entry.seq,
    hash,
    headMac(key, entry.seq, hash),
  ]);
}

/**
 * Something that changed nothing, audited in a transaction of its own: a staff read of a player's data, a
 * sign-in refused, a call refused (docs/backoffice.md#audit).
 */
export async function auditEvent(db: Db, actor: Actor, input: AuditInput): Promise<void> {
  await db.tx((q) => appendAudit(q, actor, input));
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
 * Walks the whole chain: each row must be numbered one after the last, name the last row's MAC, and carry
 * its own (rows up to the seal: their old SHA-256, ending in the sealed hash). The head must name the last
 * row and carry its MAC, so deleting the newest rows is caught unless the head is put back as it was then
 * (which a checkpoint catches: verifyCheckpoint).
 */
export async function verifyAuditChain(q: Queryable): Promise<ChainState> {
  const key = keyOf(q);
  const head = (await q.query<HeadRow>(`SELECT ${HEAD_COLUMNS} FROM audit_head WHERE id`)).rows[0]!;
  // No seal: the log never had rows before its key, or the seal was removed; either way every row is MAC'd.
  let sealedSeq = 0;
  let sealedHash = ZERO_HASH;
  if (head.sealed_mac !== null) {
    sealedSeq = toInt(head.sealed_seq);
    sealedHash = head.sealed_hash ?? '';
    if (!sameMac(head.sealed_mac, sealMac(key, sealedSeq, sealedHash)))
      return { intact: false, rows: 0, brokenAt: 1 };
  }
  let prevHash = ZERO_HASH;
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
      if (entry.seq === sealedSeq + 1 && prevHash !== sealedHash)
        return { intact: false, rows, brokenAt: sealedSeq };
      const expected = entry.seq <= sealedSeq ? legacyHash(prevHash, entry) : rowMac(key, prevHash, entry);
      if (entry.seq !== expectedSeq || row.prev_hash !== prevHash || !sameMac(row.hash, expected))
        return { intact: false, rows, brokenAt: entry.seq === expectedSeq ? entry.seq : expectedSeq };
      prevHash = row.hash;
      expectedSeq += 1;
      rows += 1;
    }
    if (r.rows.length < BATCH) break;
  }
  if (rows < sealedSeq || (rows === sealedSeq && prevHash !== sealedHash))
    return { intact: false, rows, brokenAt: Math.min(rows + 1, sealedSeq) };
  if (toInt(head.seq) !== rows || head.hash !== prevHash || !sameMac(head.mac, headMac(key, rows, prevHash)))
    return { intact: false, rows, brokenAt: rows + 1 };
  return { intact: true, rows, brokenAt: null };
}

/** The head as `audit checkpoint` states it: kept by the operator elsewhere, checked by verifyCheckpoint. */
export interface AuditCheckpoint {
  seq: number;
  hash: string;
  at: string;
}

const CHECKPOINT_PREFIX = 'audit-checkpoint.v1';

function checkpointMac(key: Key, c: AuditCheckpoint): string {
  return mac(key, 'checkpoint', canonical([c.seq, c.hash, c.at]));
}

/** The current head, signed: one token with no spaces, to copy into a note, a ticket or another machine. */
export async function auditCheckpoint(
  q: Queryable,
  now = new Date(),
): Promise<{ checkpoint: AuditCheckpoint; text: string }> {
  const key = keyOf(q);
  const head = (await q.query<{ seq: unknown; hash: string }>('SELECT seq, hash FROM audit_head WHERE id'))
    .rows[0]!;
  const checkpoint = { seq: toInt(head.seq), hash: head.hash, at: now.toISOString() };
  const text = [
    CHECKPOINT_PREFIX,
    checkpoint.seq,
    checkpoint.hash,
    now.getTime(),
    checkpointMac(key, checkpoint),
  ].join('.');
  return { checkpoint, text };
}

export type CheckpointCheck =
  | { ok: true; checkpoint: AuditCheckpoint }
  | { ok: false; problem: 'malformed' | 'signature' | 'missing'; checkpoint?: AuditCheckpoint };

/**
 * Whether the chain still holds the head a checkpoint stated: its signature must be this key's, and the row
 * it names must still carry the hash it had (every row before it is then unchanged too, the chain being
 * whole: check verifyAuditChain as well). A tail deleted and the head put back catches here.
 */
export async function verifyCheckpoint(q: Queryable, text: string): Promise<CheckpointCheck> {
  const key = keyOf(q);
  const m = /^audit-checkpoint\.v1\.(\d{1,15})\.([0-9a-f]{64})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(
    text.trim(),
  );
  if (!m) return { ok: false, problem: 'malformed' };
  const checkpoint = { seq: Number(m[1]), hash: m[2]!, at: new Date(Number(m[3])).toISOString() };
  if (!sameMac(m[4]!, checkpointMac(key, checkpoint))) return { ok: false, problem: 'signature', checkpoint };
  if (checkpoint.seq === 0) return { ok: true, checkpoint };
  const row = await q.query<{ hash: string }>('SELECT hash FROM audit_log WHERE seq = $1', [checkpoint.seq]);
  if (row.rows[0]?.hash !== checkpoint.hash) return { ok: false, problem: 'missing', checkpoint };
  return { ok: true, checkpoint };
}

/** A page of the log, newest first, optionally of one actor. */
/** What the audit screen narrows the log to; each one left out is not a filter. */
export interface AuditFilter {
  /** Exactly this actor, e.g. staff:noy. */
  actor?: string;
  /** This action, or every action under it (`staff` names staff.create, staff.role…). */
  action?: string;
  /** Targets containing this, case aside. */
  target?: string;
  /** Vientiane days, both inclusive. */
  from?: string;
  to?: string;
}

export async function listAudit(
  q: Queryable,
  page: number,
  pageSize: number,
  filter: AuditFilter = {},
): Promise<{ items: AuditEntry[]; total: number }> {
  if (filter.from && filter.to && filter.to < filter.from)
    throw new DomainError('VALIDATION_ERROR', '`to` is before `from`', [
      { field: 'to', message: 'before from' },
    ]);
  // A target is matched as typed: % and _ in it are letters, not patterns.
  const target = filter.target?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = `($1::text IS NULL OR actor = $1::text)
    AND ($2::text IS NULL OR action = $2::text OR action LIKE $2::text || '.%')
    AND ($3::text IS NULL OR target ILIKE '%' || $3::text || '%')
    AND ($4::timestamptz IS NULL OR at >= $4::timestamptz) AND ($5::timestamptz IS NULL OR at < $5::timestamptz)`;
  const params = [
    filter.actor ?? null,
    filter.action ?? null,
    target ?? null,
    filter.from ? vientianeDayStart(filter.from).toISOString() : null,
    filter.to ? vientianeDayStart(addDays(filter.to, 1)).toISOString() : null,
  ];
  const r = await q.query<AuditRow>(
    `SELECT seq, at, actor, action, target, before, after, address, prev_hash, hash FROM audit_log
     WHERE ${where} ORDER BY seq DESC LIMIT $6 OFFSET $7`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  const total = await q.query<{ n: unknown }>(`SELECT count(*) AS n FROM audit_log WHERE ${where}`, params);
  return { items: r.rows.map(toEntry), total: toInt(total.rows[0]!.n) };
}
