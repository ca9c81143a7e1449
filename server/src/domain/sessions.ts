import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Queryable } from '../db/types';

/** A signed-in session as the HTTP layer needs it. */
export interface ActiveSession {
  sessionId: string;
  publicId: string;
  playerId: string;
  username: string;
  loginAt: Date;
  previousLoginAt: Date | null;
}

/** 32 random bytes (256 bits), base64url: the cookie value. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored: someone reading the table cannot present it as a cookie. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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
    `UPDATE players p SET last_login_at = now()
     FROM (SELECT id, last_login_at FROM players WHERE id = $1 FOR UPDATE) old
     WHERE p.id = old.id
     RETURNING old.last_login_at`,
    [input.playerId],
  );
  await q.query(
    `INSERT INTO sessions (token_hash, public_id, player_id, expires_at, previous_login_at, ip, user_agent)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4), $5, $6, $7)`,
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

/**
 * The live session for a cookie token, or null. A session is dead once idle longer than the idle timeout,
 * past its absolute expiry, or when its player is blocked. Using a session extends its idle window.
 */
export async function findSession(
  q: Queryable,
  config: SessionTimeouts,
  token: string,
): Promise<ActiveSession | null> {
  const res = await q.query<{
    id: string;
    public_id: string;
    player_id: string;
    username: string;
    created_at: Date;
    previous_login_at: Date | null;
  }>(
    `UPDATE sessions s SET last_seen_at = now()
     FROM players p
     WHERE s.token_hash = $1
       AND p.id = s.player_id
       AND p.status = 'ACTIVE'
       AND s.expires_at > now()
       AND s.last_seen_at > now() - make_interval(mins => $2)
     RETURNING s.id, s.public_id, s.player_id, p.username, s.created_at, s.previous_login_at`,
    [hashToken(token), config.sessionIdleMinutes],
  );
  const row = res.rows[0];
  if (!row) return null;
  return {
    sessionId: row.id,
    publicId: row.public_id,
    playerId: row.player_id,
    username: row.username,
    loginAt: new Date(row.created_at),
    previousLoginAt: row.previous_login_at ? new Date(row.previous_login_at) : null,
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
    `DELETE FROM sessions WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(mins => $1)`,
    [config.sessionIdleMinutes],
  );
  return res.rowCount;
}
