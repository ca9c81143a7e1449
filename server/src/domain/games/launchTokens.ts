import { clockNow } from '../../clock';
import { createHash, randomBytes } from 'node:crypto';
import type { ProviderCode } from '../../adapters';
import type { Queryable } from '../../db/types';
import { DomainError } from '../../errors';

/** The default lifetime; the server passes config.launchTokenTtlSeconds (LAUNCH_TOKEN_TTL_SECONDS). */
export const DEFAULT_LAUNCH_TOKEN_TTL_SECONDS = 120;

/** Expired rows are kept this long, so a late redeem is told EXPIRED rather than INVALID. */
const KEEP_EXPIRED_MS = 60 * 60 * 1000;

/** 32 random bytes in base64url, no padding. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export interface LaunchTokenClock {
  /** The current time; tests pass a later one to see a token expire. */
  now?: () => Date;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A one-time token that opens one game at one provider for one player, until expiresAt. Only its SHA-256 is
 * stored, so the token exists in the launch answer alone; callers must never log it. Expired tokens of
 * anyone are cleaned up here, on the way.
 */
export async function issueLaunchToken(
  q: Queryable,
  req: { playerId: string; provider: ProviderCode; gameId: string; sessionId?: string },
  opts: LaunchTokenClock & { ttlSeconds?: number } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const now = opts.now ? opts.now() : await clockNow(q);
  const expiresAt = new Date(now.getTime() + (opts.ttlSeconds ?? DEFAULT_LAUNCH_TOKEN_TTL_SECONDS) * 1000);
  const token = randomBytes(32).toString('base64url');
  await q.query('DELETE FROM launch_tokens WHERE expires_at < $1', [
    new Date(now.getTime() - KEEP_EXPIRED_MS),
  ]);
  await q.query(
    `INSERT INTO launch_tokens (token_hash, player_id, provider, game_id, expires_at, created_at, session_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [hashOf(token), req.playerId, req.provider, req.gameId, expiresAt, now, req.sessionId ?? null],
  );
  return { token, expiresAt };
}

/**
 * Spends a launch token, once, for the provider and game it was issued for, and answers whose it is (and
 * the site session it was issued in, when one was named).
 * Unknown, already used, or issued for another provider or game: LAUNCH_TOKEN_INVALID (a wrong provider or
 * game does not spend it). Past its expiry: LAUNCH_TOKEN_EXPIRED.
 */
export async function redeemLaunchToken(
  q: Queryable,
  req: { token: string; provider: ProviderCode; gameId: string },
  opts: LaunchTokenClock = {},
): Promise<{ playerId: string; sessionId: string | null }> {
  const now = opts.now ? opts.now() : await clockNow(q);
  if (!TOKEN_FORMAT.test(req.token)) throw invalid();
  const hash = hashOf(req.token);
  // One statement decides the race: of two redeems of the same token, exactly one updates the row.
  const spent = await q.query<{ player_id: string; session_id: string | null }>(
    `UPDATE launch_tokens SET used_at = $4
     WHERE token_hash = $1 AND used_at IS NULL AND provider = $2 AND game_id = $3 AND expires_at > $4
     RETURNING player_id, session_id`,
    [hash, req.provider, req.gameId, now],
  );
  if (spent.rows[0]) return { playerId: spent.rows[0].player_id, sessionId: spent.rows[0].session_id };

  const found = await q.query<{ provider: string; game_id: string; used: boolean }>(
    'SELECT provider, game_id, used_at IS NOT NULL AS used FROM launch_tokens WHERE token_hash = $1',
    [hash],
  );
  const row = found.rows[0];
  if (row && !row.used && row.provider === req.provider && row.game_id === req.gameId)
    throw new DomainError('LAUNCH_TOKEN_EXPIRED', 'The launch token has expired: launch the game again');
  throw invalid();
}

function invalid(): DomainError {
  return new DomainError('LAUNCH_TOKEN_INVALID', 'The launch token is unknown, used, or for another game');
}
