import { clockNow } from '../../clock';
import { randomBytes } from 'node:crypto';
import type { components } from '@core/contract';
import type { ProviderCode } from '../../adapters';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/types';
import { assertMayPlay, isSeamless, noteGameActivity, redeemLaunchToken } from '../site';
import { studioWalletLink } from './walletLink';
import { DomainError } from '../../errors';
import { kindOf, SESSION_HOURS, type StudioKind } from './kinds';
import { adoptOpenRound } from './roundRecords';
import { LINES } from '@core/slotRules';
import { BETS } from '@core/bets';
import { walletBalance } from '../provider/wallets';

type Game = components['schemas']['Game'];
type StudioSession = components['schemas']['StudioSession'];

/** A live studio session, as the round calls need it. */
export interface ActiveStudioSession {
  id: string;
  provider: ProviderCode;
  playerId: string;
  gameId: string;
  kind: StudioKind;
  /** At a seamless provider: the player reference the site's wallet gave for this game session. */
  walletPlayer: string | null;
}

interface GameRow {
  id: string;
  provider: ProviderCode;
  category: Game['category'];
  name: string;
  thumbnail: string;
  is_new: boolean;
  is_hot: boolean;
  enabled: boolean;
  sort: number;
  opens_in: Game['opensIn'];
}

/** A game of the catalogue at this provider, or null. */
export async function studioGame(
  q: Queryable,
  provider: string,
  gameId: string,
): Promise<(Game & { enabled: boolean }) | null> {
  const r = await q.query<GameRow>(
    `SELECT id, provider, category, name, thumbnail, is_new, is_hot, enabled, sort, opens_in
     FROM games WHERE id = $1 AND provider = $2`,
    [gameId, provider],
  );
  const g = r.rows[0];
  if (!g) return null;
  return {
    id: g.id,
    provider: g.provider,
    category: g.category,
    name: g.name,
    thumbnail: g.thumbnail,
    isNew: g.is_new,
    isHot: g.is_hot,
    order: g.sort,
    opensIn: g.opens_in,
    enabled: g.enabled,
  };
}

/**
 * Exchanges a launch token (once, before it expires, only for the provider and game it names) for a studio
 * session of SESSION_HOURS. A table round the player left open on this game moves to the new session and
 * comes back with it, so a reopened game can settle it.
 */
export async function openStudioSession(
  ctx: AppContext,
  input: { provider: ProviderCode; gameId: string; token: string },
): Promise<StudioSession> {
  if (isSeamless(ctx.config, input.provider)) return openSeamlessSession(ctx, input);
  return ctx.db.tx(async (q) => {
    const { playerId } = await redeemLaunchToken(q, input);
    // A token issued before a time-out, self-exclusion or the end of the day's play time opens nothing.
    await assertMayPlay(q, playerId, await clockNow(q));
    const found = await studioGame(q, input.provider, input.gameId);
    if (!found) throw new DomainError('GAME_NOT_FOUND', 'No such game at this provider');
    const { enabled, ...game } = found;
    if (!enabled) throw new DomainError('GAME_DISABLED', 'This game is switched off');

    const session = randomBytes(16).toString('hex');
    await q.query(
      `INSERT INTO sandbox_studio_sessions (id, provider, player_id, game_id, expires_at)
       VALUES ($1, $2, $3, $4, app_now() + make_interval(hours => $5))`,
      [session, input.provider, playerId, input.gameId, SESSION_HOURS],
    );
    const kind = kindOf(game.category);
    const openRound = await adoptOpenRound(q, {
      session,
      provider: input.provider,
      playerId,
      gameId: game.id,
    });
    return {
      session,
      game,
      kind,
      balance: await walletBalance(q, input.provider, playerId),
      currency: 'THB',
      bets: [...BETS],
      lines: kind === 'slot' ? LINES : 0,
      ...(openRound ? { openRound } : {}),
    };
  });
}

/**
 * At a seamless provider the studio spends the launch token as an outside provider does: over the site's
 * wallet API (openWalletSession), which answers the player reference of its later calls and the credit.
 */
async function openSeamlessSession(
  ctx: AppContext,
  input: { provider: ProviderCode; gameId: string; token: string },
): Promise<StudioSession> {
  const found = await studioGame(ctx.db, input.provider, input.gameId);
  if (!found) throw new DomainError('GAME_NOT_FOUND', 'No such game at this provider');
  const { enabled, ...game } = found;
  if (!enabled) throw new DomainError('GAME_DISABLED', 'This game is switched off');
  const opened = await studioWalletLink(ctx).call<{ player: string; playerId: string; balance: number }>(
    input.provider,
    'session',
    { token: input.token, gameId: input.gameId },
  );
  if (!opened.ok) throw new DomainError(opened.code, `The site refused the launch (${opened.code})`);
  const { player, playerId, balance } = opened.body;
  return ctx.db.tx(async (q) => {
    const session = randomBytes(16).toString('hex');
    await q.query(
      `INSERT INTO sandbox_studio_sessions (id, provider, player_id, game_id, expires_at, wallet_player)
       VALUES ($1, $2, $3, $4, app_now() + make_interval(hours => $5), $6)`,
      [session, input.provider, playerId, input.gameId, SESSION_HOURS, player],
    );
    const kind = kindOf(game.category);
    const openRound = await adoptOpenRound(q, {
      session,
      provider: input.provider,
      playerId,
      gameId: game.id,
    });
    return {
      session,
      game,
      kind,
      balance,
      currency: 'THB',
      bets: [...BETS],
      lines: kind === 'slot' ? LINES : 0,
      ...(openRound ? { openRound } : {}),
    };
  });
}

/** The session by its id; an unknown or expired one is refused with STUDIO_SESSION_INVALID. */
export async function activeStudioSession(q: Queryable, id: string): Promise<ActiveStudioSession> {
  const r = await q.query<{
    id: string;
    provider: ProviderCode;
    player_id: string;
    game_id: string;
    category: Game['category'];
    wallet_player: string | null;
  }>(
    `SELECT s.id, s.provider, s.player_id, s.game_id, g.category, s.wallet_player
     FROM sandbox_studio_sessions s JOIN games g ON g.id = s.game_id
     WHERE s.id = $1 AND s.expires_at > app_now()`,
    [id],
  );
  const s = r.rows[0];
  if (!s) throw new DomainError('STUDIO_SESSION_INVALID', 'This game session is unknown or has expired');
  return {
    id: s.id,
    provider: s.provider,
    playerId: s.player_id,
    gameId: s.game_id,
    kind: kindOf(s.category),
    walletPlayer: s.wallet_player,
  };
}

/**
 * Each bet or settled round of a game session is the player's activity (docs/protection.md, play time):
 * the time since the session's previous one counts, unless the player was away longer than the site's idle
 * timeout. Committed on its own, before the bet's transaction, so a refused bet still counts its time.
 * An unknown or expired session counts nothing (the bet is refused anyway).
 */
export async function noteStudioActivity(ctx: AppContext, sessionId: string, now: Date): Promise<void> {
  await ctx.db.tx(async (q) => {
    const r = await q.query<{ player_id: string; last: unknown }>(
      `UPDATE sandbox_studio_sessions s SET last_activity_at = $2
       FROM (SELECT id, COALESCE(last_activity_at, created_at) AS last FROM sandbox_studio_sessions
             WHERE id = $1 AND expires_at > app_now() FOR UPDATE) old
       WHERE s.id = old.id RETURNING s.player_id, old.last`,
      [sessionId, now.toISOString()],
    );
    const row = r.rows[0];
    if (!row) return;
    const last = new Date(row.last as string | Date);
    const away = now.getTime() - last.getTime() > ctx.config.sessionIdleMinutes * 60_000;
    await noteGameActivity(q, row.player_id, away ? now : last, now);
  });
}
