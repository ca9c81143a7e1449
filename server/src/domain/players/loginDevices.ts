import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/types';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a successful login
 * gives the browser a random token; the table keeps only its SHA-256 and the player. Later attempts for
 * that player from that browser are exempt from the per-address ceiling (throttle.ts).
 */

/** A device unused this long is forgotten (housekeeping). */
export const DEVICE_DAYS = 180;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new device token for this player (the caller sets it as a cookie). */
export async function rememberDevice(q: Queryable, playerId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query('INSERT INTO login_devices (token_hash, player_id) VALUES ($1, $2)', [
    hashOf(token),
    playerId,
  ]);
  return token;
}

/** True when the token was given to the player with this username at an earlier successful login. */
export async function isKnownDevice(
  q: Queryable,
  token: string | undefined,
  username: string,
): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const r = await q.query(
    `UPDATE login_devices d SET last_used_at = app_now() FROM players p
     WHERE d.token_hash = $1 AND p.id = d.player_id AND p.username = $2 RETURNING 1`,
    [hashOf(token), username],
  );
  return r.rows.length > 0;
}

/** The player a device cookie was given to, or undefined. */
export async function deviceOwner(q: Queryable, token: string | undefined): Promise<string | undefined> {
  if (!token || token.length > 100) return undefined;
  const r = await q.query<{ player_id: string }>(
    'SELECT player_id FROM login_devices WHERE token_hash = $1',
    [hashOf(token)],
  );
  return r.rows[0]?.player_id;
}

/** Housekeeping: devices not seen for DEVICE_DAYS. */
export async function forgetOldDevices(q: Queryable): Promise<number> {
  const r = await q.query(
    `DELETE FROM login_devices WHERE last_used_at < app_now() - make_interval(days => $1)`,
    [DEVICE_DAYS],
  );
  return r.rowCount;
}
