import { hash, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Queryable } from '../../db/types';
import { toIso } from '../../db/values';
import { notePlayActivity } from './playTime';
import type { ProviderCode } from '../../adapters';
import {
  bookedFiguresSql,
  toBookedFigures,
  type BookedFigures,
  type BookedFiguresRow,
} from '../ledger/accounts';
import { BANK_ACCOUNT_COLUMNS, type BankAccountRow, type PlayerRow } from './players';

/** A signed-in session as the HTTP layer needs it. */
export interface ActiveSession {
  sessionId: string;
  publicId: string;
  playerId: string;
  username: string;
  loginAt: Date;
  previousLoginAt: Date | null;
  /** The player row as read with the session, in the same query. */
  player: PlayerRow;
  /** The player's bank accounts, oldest first, when the lookup was asked for them (same query). */
  bankAccounts?: BankAccountRow[];
  /** The player's BookedFigures at a provider, when the lookup was asked for them (same query). */
  bookedCredit?: { provider: ProviderCode; figures: BookedFigures | null };
}

/** What an operation reads along with its session, in the session's own statement (one round trip). */
export interface SessionReads {
  bankAccounts?: boolean;
  /** The BookedFigures at this provider (domain/ledger/accounts.ts), to show the credit there. */
  bookedCreditAt?: ProviderCode;
}

// The player's bank accounts as a JSON array of BankAccountRow, oldest first.
const BANK_ACCOUNTS_JSON = `(SELECT COALESCE(json_agg(b ORDER BY b.created_at), '[]'::json)
         FROM (SELECT ${BANK_ACCOUNT_COLUMNS} FROM bank_accounts WHERE player_id = p.id) b)`;

// The player's BookedFigures at the provider $4, as JSON (null until they exist).
const BOOKED_CREDIT_JSON = `(SELECT row_to_json(c) FROM (${bookedFiguresSql('p.id', '$4::text')}) c)`;

/**
 * The lookup's statement by what it reads besides: index 1 bank accounts, 2 booked credit, 3 both. It
 * answers one JSON value (SessionJson): node-postgres spends more per column than JSON.parse per value,
 * and naming every field keeps the prepared statement's result the same when a table gains a column.
 * Built once, so that each run passes the same string (naming it as a prepared statement hashes it).
 */
const SESSION_SQL = [0, 1, 2, 3].map(
  (extras) => `SELECT json_build_object(
       'session_id', s.id, 'public_id', s.public_id, 'login_at', s.created_at,
       'previous_login_at', s.previous_login_at,
       'stale', s.last_seen_at < app_now() - make_interval(secs => $3),
       'active_seconds', floor(extract(epoch FROM app_now() - s.last_seen_at))::int,
       'player', json_build_object('id', p.id, 'username', p.username, 'display_name', p.display_name,
         'password_hash', p.password_hash, 'status', p.status, 'promotion_blocked', p.promotion_blocked,
         'currency', p.currency, 'created_at', p.created_at)
       ${extras & 1 ? `, 'bank_accounts', ${BANK_ACCOUNTS_JSON}` : ''}
       ${extras & 2 ? `, 'booked_credit', ${BOOKED_CREDIT_JSON}` : ''}) AS session
     FROM sessions s JOIN players p ON p.id = s.player_id
     WHERE s.token_hash = $1
       AND p.status = 'ACTIVE'
       AND s.expires_at > app_now()
       AND s.last_seen_at > app_now() - make_interval(mins => $2)`,
);

/** The lookup's answer; timestamps are ISO 8601 text, as PostgreSQL writes them in JSON. */
interface SessionJson {
  session_id: string;
  public_id: string;
  login_at: string;
  previous_login_at: string | null;
  stale: boolean;
  active_seconds: number;
  player: Omit<PlayerRow, 'created_at'> & { created_at: string };
  bank_accounts?: BankAccountRow[];
  booked_credit?: BookedFiguresRow | null;
}

/** A json column: parsed by pg, and by PGlite unless it hands over the text. */
function fromJson<T extends object>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** 32 random bytes (256 bits), base64url: the cookie value. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored: someone reading the table cannot present it as a cookie. */
export function hashToken(token: string): string {
  // One call, no Hash object: this runs on every signed-in request.
  return hash('sha256', token, 'hex');
}

/** A short public id shown as credential.sessionId, e.g. "S-4F2A9C1B7D". */
function newPublicId(): string {
  return 'S-' + randomBytes(5).toString('hex').toUpperCase();
}

type SessionTimeouts = Pick<Config, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>;

/**
 * Opens a new session for a player who just proved their password, and records the login time on the
 * player (the previous one is kept on the session for "previous login" display). Returns the cookie token.
 */
export async function createSession(
  q: Queryable,
  config: SessionTimeouts,
  input: { playerId: string; ip: string; userAgent: string },
): Promise<string> {
  const token = newSessionToken();
  const previous = await q.query<{ last_login_at: Date | null }>(
    `UPDATE players p SET last_login_at = app_now()
     FROM (SELECT id, last_login_at FROM players WHERE id = $1 FOR UPDATE) old
     WHERE p.id = old.id
     RETURNING old.last_login_at`,
    [input.playerId],
  );
  await q.query(
    `INSERT INTO sessions (token_hash, public_id, player_id, expires_at, previous_login_at, ip, user_agent)
     VALUES ($1, $2, $3, app_now() + make_interval(hours => $4), $5, $6, $7)`,
    [
      hashToken(token),
      newPublicId(),
      input.playerId,
      config.sessionAbsoluteHours,
      previous.rows[0]?.last_login_at ?? null,
      input.ip,
      input.userAgent.slice(0, 512),
    ],
  );
  return token;
}

/** How stale `last_seen_at` may get before a request rewrites it. */
export const TOUCH_INTERVAL_SECONDS = 60;

/**
 * The live session for a cookie token, with its player, or null. A session is dead once idle longer than
 * the idle timeout, past its absolute expiry, or when its player is blocked. Using a session extends its
 * idle window, but the row is rewritten at most once a minute: every request writing the same row made
 * concurrent requests of one player queue on its lock (the idle timeout is therefore exact to a minute).
 * Each rewrite adds the seconds since the previous one to the player's play time (playTime.ts); the
 * session whose activity reaches the daily play-time limit is ended here, and the request is unauthorised.
 * `reads` adds what the operation needs besides (bank accounts, credit figures) to the same statement.
 */
export async function findSession(
  q: Queryable,
  config: SessionTimeouts,
  token: string,
  reads: SessionReads = {},
): Promise<ActiveSession | null> {
  const res = await q.query<{ session: SessionJson | string }>(
    SESSION_SQL[(reads.bankAccounts ? 1 : 0) + (reads.bookedCreditAt ? 2 : 0)]!,
    [
      hashToken(token),
      config.sessionIdleMinutes,
      TOUCH_INTERVAL_SECONDS,
      ...(reads.bookedCreditAt ? [reads.bookedCreditAt] : []),
    ],
    { prepared: true },
  );
  if (!res.rows[0]) return null;
  const row = fromJson(res.rows[0].session);
  if (row.stale) {
    // Only the request that wins the touch counts the gap: requests arriving together read the same stale
    // time, and each adding it would count the same minutes several times.
    const touched = await q.query<{ now: unknown }>(
      `UPDATE sessions SET last_seen_at = app_now()
       WHERE id = $1 AND last_seen_at < app_now() - make_interval(secs => $2) RETURNING app_now() AS now`,
      [row.session_id, TOUCH_INTERVAL_SECONDS],
    );
    if (touched.rowCount > 0) {
      const now = new Date(toIso(touched.rows[0]!.now));
      const since = new Date(now.getTime() - Number(row.active_seconds) * 1000);
      const { crossedLimit } = await notePlayActivity(q, row.player.id, since, now);
      if (crossedLimit) {
        await q.query('DELETE FROM sessions WHERE id = $1', [row.session_id]);
        return null;
      }
    }
  }
  const player: PlayerRow = { ...row.player, created_at: new Date(row.player.created_at) };
  return {
    sessionId: row.session_id,
    publicId: row.public_id,
    playerId: player.id,
    username: player.username,
    loginAt: new Date(row.login_at),
    previousLoginAt: row.previous_login_at ? new Date(row.previous_login_at) : null,
    player,
    ...(row.bank_accounts ? { bankAccounts: row.bank_accounts } : {}),
    ...(reads.bookedCreditAt && row.booked_credit !== undefined
      ? {
          bookedCredit: {
            provider: reads.bookedCreditAt,
            figures: row.booked_credit === null ? null : toBookedFigures(row.booked_credit),
          },
        }
      : {}),
  };
}

export async function deleteSessionByToken(q: Queryable, token: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

/** Revokes every session of a player: after a password change, or when the player is blocked. */
export async function deleteAllSessions(q: Queryable, playerId: string): Promise<number> {
  const res = await q.query('DELETE FROM sessions WHERE player_id = $1', [playerId]);
  return res.rowCount;
}

/** Housekeeping: drops sessions that can no longer be used. */
export async function deleteExpiredSessions(q: Queryable, config: SessionTimeouts): Promise<number> {
  const res = await q.query(
    `DELETE FROM sessions WHERE expires_at <= app_now() OR last_seen_at <= app_now() - make_interval(mins => $1)`,
    [config.sessionIdleMinutes],
  );
  return res.rowCount;
}

/**
 * NOTIFY channel on which each ended session's id goes out, to every instance (sent by a trigger on every
 * deletion of a sessions row, migration 015): their streams of that session close at once.
 */
export const SESSION_ENDED_CHANNEL = 'player_session_ended';

/**
 * Milliseconds until a live session ends by itself unless used again (the earlier of its absolute expiry
 * and its idle limit counted from its last recorded use), or null once it has ended or its player is
 * blocked. Read without extending the session: a long-lived stream checks this, and must not keep an idle
 * player signed in by itself. Counted by the database's clock, the one the session lookup uses.
 */
export async function sessionTimeLeft(
  q: Queryable,
  config: SessionTimeouts,
  sessionId: string,
): Promise<number | null> {
  const r = await q.query<{ left_ms: number | string }>(
    `SELECT ceil(extract(epoch FROM LEAST(s.expires_at, s.last_seen_at + make_interval(mins => $2)) - app_now())
                 * 1000)::float8 AS left_ms
     FROM sessions s JOIN players p ON p.id = s.player_id
     WHERE s.id = $1 AND p.status = 'ACTIVE' AND s.expires_at > app_now()
       AND s.last_seen_at > app_now() - make_interval(mins => $2)`,
    [sessionId, config.sessionIdleMinutes],
  );
  const row = r.rows[0];
  return row ? Number(row.left_ms) : null;
}

export interface SessionListing {
  publicId: string;
  userAgent: string;
  ip: string;
  loginAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** The player's live sessions, the asking one first, then the most recently used. */
export async function listLiveSessions(
  q: Queryable,
  config: SessionTimeouts,
  playerId: string,
  currentSessionId: string,
): Promise<SessionListing[]> {
  const r = await q.query<{
    id: string;
    public_id: string;
    user_agent: string;
    ip: string;
    created_at: Date | string;
    last_seen_at: Date | string;
  }>(
    `SELECT id, public_id, user_agent, ip, created_at, last_seen_at FROM sessions
     WHERE player_id = $1 AND expires_at > app_now() AND last_seen_at > app_now() - make_interval(mins => $2)
     ORDER BY id = $3 DESC, last_seen_at DESC`,
    [playerId, config.sessionIdleMinutes, currentSessionId],
  );
  return r.rows.map((row) => ({
    publicId: row.public_id,
    userAgent: row.user_agent,
    ip: row.ip,
    loginAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    current: row.id === currentSessionId,
  }));
}

/** Ends one session of the player by its public id; false when the player has no such session. */
export async function endSessionByPublicId(
  q: Queryable,
  playerId: string,
  publicId: string,
): Promise<boolean> {
  const r = await q.query('DELETE FROM sessions WHERE player_id = $1 AND public_id = $2', [
    playerId,
    publicId,
  ]);
  return r.rowCount > 0;
}

/** Ends every session of the player but one; returns how many ended. */
export async function endOtherSessions(
  q: Queryable,
  playerId: string,
  keepSessionId: string,
): Promise<number> {
  const r = await q.query('DELETE FROM sessions WHERE player_id = $1 AND id <> $2', [
    playerId,
    keepSessionId,
  ]);
  return r.rowCount;
}
