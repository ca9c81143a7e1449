import type { StaffRole } from '@core/staffRoles';
import type { Queryable } from '../../db/types';
import { hashToken, newSessionToken } from '../players/sessions';

/** A staff session unused this long ends (issue 31: 15 minutes idle). */
export const STAFF_IDLE_MINUTES = 15;
/** However busy, a staff session lasts at most a working day. */
export const STAFF_ABSOLUTE_HOURS = 12;

export interface StaffSession {
  staffId: string;
  username: string;
  displayName: string;
  role: StaffRole;
}

/**
 * Opens a session for a staff member who just passed password and TOTP, noted as their last sign-in;
 * answers the cookie token.
 */
export async function createStaffSession(q: Queryable, staffId: string, ip: string): Promise<string> {
  const token = newSessionToken();
  await q.query(
    `WITH signed_in AS (
       UPDATE staff SET last_sign_in_at = app_now(), last_sign_in_address = $3 WHERE id = $2
     )
     INSERT INTO staff_sessions (token_hash, staff_id, ip) VALUES ($1, $2, $3)`,
    [hashToken(token), staffId, ip],
  );
  return token;
}

/**
 * The live session of a token, touched: null when unknown, ended, idle too long, too old, or its staff
 * member disabled. The check and the touch are one statement, by the database's clock.
 */
export async function findStaffSession(q: Queryable, token: string): Promise<StaffSession | null> {
  const r = await q.query<{ staff_id: string; username: string; display_name: string; role: StaffRole }>(
    `UPDATE staff_sessions ss SET last_seen_at = app_now()
     FROM staff s
     WHERE ss.token_hash = $1 AND s.id = ss.staff_id AND ss.ended_at IS NULL AND s.disabled_at IS NULL
       AND ss.last_seen_at > app_now() - make_interval(mins => $2)
       AND ss.created_at > app_now() - make_interval(hours => $3)
     RETURNING ss.staff_id, s.username, s.display_name, s.role`,
    [hashToken(token), STAFF_IDLE_MINUTES, STAFF_ABSOLUTE_HOURS],
  );
  const row = r.rows[0];
  return row
    ? { staffId: row.staff_id, username: row.username, displayName: row.display_name, role: row.role }
    : null;
}

export async function endStaffSession(q: Queryable, token: string): Promise<void> {
  await q.query('UPDATE staff_sessions SET ended_at = app_now() WHERE token_hash = $1 AND ended_at IS NULL', [
    hashToken(token),
  ]);
}

/**
 * How long the session of a token has left, without touching it (holding a live stream is not activity):
 * null when it has ended, idled out, grown too old, or its staff member was disabled.
 */
export async function staffSessionTimeLeft(q: Queryable, token: string): Promise<number | null> {
  const r = await q.query<{ left_ms: number | string }>(
    `SELECT ceil(extract(epoch FROM LEAST(ss.created_at + make_interval(hours => $3),
                                           ss.last_seen_at + make_interval(mins => $2)) - app_now()) * 1000)::float8 AS left_ms
     FROM staff_sessions ss JOIN staff s ON s.id = ss.staff_id
     WHERE ss.token_hash = $1 AND ss.ended_at IS NULL AND s.disabled_at IS NULL
       AND ss.last_seen_at > app_now() - make_interval(mins => $2)
       AND ss.created_at > app_now() - make_interval(hours => $3)`,
    [hashToken(token), STAFF_IDLE_MINUTES, STAFF_ABSOLUTE_HOURS],
  );
  const row = r.rows[0];
  return row ? Number(row.left_ms) : null;
}
