import { PROVIDERS } from '@core/providers';
import type { components } from '@core/contract';
import type { ProviderCode } from '../../adapters';
import type { AppContext } from '../../context';
import { GAME_ART_MOTIFS, thumbnailOf, type GameArtMotif, type GameCategory } from '../../db/seedGames';
import type { Queryable } from '../../db/types';
import { DomainError } from '../../errors';
import { providerCredit } from './providerWallets';
import { issueLaunchToken, type LaunchTokenClock } from './launchTokens';
import { assertMayPlay } from '../protection/protectionChecks';

type Game = components['schemas']['Game'];
type LaunchGameResponse = components['schemas']['LaunchGameResponse'];

export const GAME_CATEGORIES: readonly GameCategory[] = [
  'slot',
  'sport',
  'casino',
  'fish',
  'card',
  'chicken',
];

/** The lobby shows this many recently played games. */
export const RECENT_GAMES = 12;
/** More favourites than any lobby shows; a guard against a runaway client, not a product rule. */
export const MAX_FAVOURITES = 100;

const GAME_ID = /^[a-z0-9-]{3,64}$/;
const MAX_ORDER = 1_000_000;
const COLUMNS =
  'g.id, g.provider, g.category, g.name, g.thumbnail, g.is_new, g.is_hot, g.sort, g.opens_in, g.enabled';
/** Providers in menu order (core/providers.ts), then each game's order within its provider. */
const LOBBY_ORDER = 'array_position($1::text[], g.provider), g.sort, g.id';

interface GameRow {
  id: string;
  provider: Game['provider'];
  category: Game['category'];
  name: string;
  thumbnail: string;
  is_new: boolean;
  is_hot: boolean;
  sort: number;
  opens_in: Game['opensIn'];
  enabled: boolean;
}

function toGame(r: GameRow): Game {
  return {
    id: r.id,
    provider: r.provider,
    category: r.category,
    name: r.name,
    thumbnail: r.thumbnail,
    isNew: r.is_new,
    isHot: r.is_hot,
    order: r.sort,
    opensIn: r.opens_in,
  };
}

async function findGame(q: Queryable, id: string): Promise<GameRow | undefined> {
  const r = await q.query<GameRow>(`SELECT ${COLUMNS} FROM games g WHERE g.id = $1`, [id]);
  return r.rows[0];
}

async function existingGame(q: Queryable, id: string): Promise<GameRow> {
  const game = await findGame(q, id);
  if (!game) throw new DomainError('GAME_NOT_FOUND', `No game ${id}`);
  return game;
}

/** Enabled games, of one provider or all, optionally of one category, in lobby order. */
export async function listGames(
  q: Queryable,
  filter: { provider?: ProviderCode; category?: GameCategory } = {},
): Promise<Game[]> {
  const r = await q.query<GameRow>(
    `SELECT ${COLUMNS} FROM games g
     WHERE g.enabled AND ($2::text IS NULL OR g.provider = $2::text) AND ($3::text IS NULL OR g.category = $3::text)
     ORDER BY ${LOBBY_ORDER}`,
    [PROVIDERS, filter.provider ?? null, filter.category ?? null],
  );
  return r.rows.map(toGame);
}

/** The player's favourites and recently launched games, newest first; a disabled game drops out of both. */
export async function playerGames(
  q: Queryable,
  playerId: string,
): Promise<{ favourites: Game[]; recent: Game[] }> {
  const favourites = await q.query<GameRow>(
    `SELECT ${COLUMNS} FROM player_favourite_games f JOIN games g ON g.id = f.game_id
     WHERE f.player_id = $1 AND g.enabled ORDER BY f.created_at DESC, g.id`,
    [playerId],
  );
  const recent = await q.query<GameRow>(
    `SELECT ${COLUMNS} FROM player_recent_games r JOIN games g ON g.id = r.game_id
     WHERE r.player_id = $1 AND g.enabled ORDER BY r.played_at DESC, g.id LIMIT $2`,
    [playerId, RECENT_GAMES],
  );
  return { favourites: favourites.rows.map(toGame), recent: recent.rows.map(toGame) };
}

/** Marks a favourite; marking it again changes nothing (not even its place in the list). */
export async function addFavouriteGame(q: Queryable, playerId: string, gameId: string): Promise<void> {
  const game = await existingGame(q, gameId);
  if (!game.enabled) throw new DomainError('GAME_DISABLED', `Game ${gameId} is not available`);
  const count = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM player_favourite_games WHERE player_id = $1 AND game_id <> $2',
    [playerId, gameId],
  );
  if ((count.rows[0]?.n ?? 0) >= MAX_FAVOURITES)
    throw new DomainError('VALIDATION_ERROR', `At most ${MAX_FAVOURITES} favourite games`, [
      { field: 'gameId', message: `at most ${MAX_FAVOURITES} favourites` },
    ]);
  await q.query(
    `INSERT INTO player_favourite_games (player_id, game_id, created_at) VALUES ($1, $2, clock_timestamp())
     ON CONFLICT (player_id, game_id) DO NOTHING`,
    [playerId, gameId],
  );
}

/** Unmarks a favourite; a game that is not one (or does not exist) is simply not a favourite. */
export async function removeFavouriteGame(q: Queryable, playerId: string, gameId: string): Promise<void> {
  await q.query('DELETE FROM player_favourite_games WHERE player_id = $1 AND game_id = $2', [
    playerId,
    gameId,
  ]);
}

/**
 * A one-time launch address for one enabled game of the provider, for a player with credit there. The
 * provider is asked for the credit with no transaction open: its answer may come over HTTP from this same
 * server, which on PGlite (one connection) could not be served while we held one.
 */
export async function launchGame(
  ctx: AppContext,
  playerId: string,
  provider: ProviderCode,
  gameId: string,
  clock: LaunchTokenClock & { sessionId?: string } = {},
): Promise<LaunchGameResponse> {
  // Before the provider's wallet is read: an excluded player gets the exclusion's code, not CREDIT_EMPTY;
  // a player past the daily play-time limit gets PLAY_TIME_LIMIT_REACHED.
  await assertMayPlay(ctx.db, playerId, ctx.clock.now());
  const game = await findGame(ctx.db, gameId);
  if (!game || game.provider !== provider)
    throw new DomainError('GAME_NOT_FOUND', `No game ${gameId} at ${provider}`);
  if (!game.enabled) throw new DomainError('GAME_DISABLED', `Game ${gameId} is not available`);
  const { credit } = await providerCredit(ctx, playerId, provider);
  if (credit <= 0) throw new DomainError('CREDIT_EMPTY', `No credit at ${provider}: deposit first`);

  const { token, expiresAt } = await ctx.db.tx(async (q) => {
    const issued = await issueLaunchToken(
      q,
      { playerId, provider, gameId, ...(clock.sessionId ? { sessionId: clock.sessionId } : {}) },
      { ttlSeconds: ctx.config.launchTokenTtlSeconds, ...(clock.now ? { now: clock.now } : {}) },
    );
    await q.query(
      `INSERT INTO player_recent_games (player_id, game_id, played_at) VALUES ($1, $2, clock_timestamp())
       ON CONFLICT (player_id, game_id) DO UPDATE SET played_at = EXCLUDED.played_at`,
      [playerId, gameId],
    );
    return issued;
  });
  return {
    url: ctx.adapters.providers[provider].launchUrl({ gameId, token }),
    provider,
    gameId,
    opensIn: game.opens_in,
    expiresAt: expiresAt.toISOString(),
  };
}

// Operator commands (npm run ops -- games …) --------------------------------------------------------------

export interface OpsGame extends Game {
  enabled: boolean;
}

/** Every game, enabled or not, in lobby order. */
export async function listGamesForOps(q: Queryable, provider?: ProviderCode): Promise<OpsGame[]> {
  const r = await q.query<GameRow>(
    `SELECT ${COLUMNS} FROM games g WHERE ($2::text IS NULL OR g.provider = $2::text) ORDER BY ${LOBBY_ORDER}`,
    [PROVIDERS, provider ?? null],
  );
  return r.rows.map((row) => ({ ...toGame(row), enabled: row.enabled }));
}

export interface NewGame {
  id: string;
  provider: string;
  category: string;
  name: string;
  motif?: string;
  isNew?: boolean;
  isHot?: boolean;
  /** Default: after the provider's last game. */
  order?: number;
}

const DEFAULT_MOTIF: Record<GameCategory, GameArtMotif> = {
  slot: 'slot-cherry',
  sport: 'sport-football',
  casino: 'casino-baccarat',
  fish: 'fish-golden',
  card: 'card-pokdeng',
  chicken: 'chicken-rooster',
};

function invalid(field: string, message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', `${field}: ${message}`, [{ field, message }]);
}

/** Adds a game to the catalogue, enabled; an id already taken (at any provider) is refused. */
export async function addGame(q: Queryable, g: NewGame): Promise<OpsGame> {
  if (!GAME_ID.test(g.id)) throw invalid('id', 'lower-case letters, digits and -, 3 to 64 characters');
  if (!(PROVIDERS as readonly string[]).includes(g.provider))
    throw invalid('provider', `one of ${PROVIDERS.join(', ')}`);
  const category = g.category as GameCategory;
  if (!GAME_CATEGORIES.includes(category)) throw invalid('category', `one of ${GAME_CATEGORIES.join(', ')}`);
  const name = g.name.trim();
  if (name.length < 1 || name.length > 80) throw invalid('name', '1 to 80 characters');
  const motif = (g.motif ?? DEFAULT_MOTIF[category]) as GameArtMotif;
  if (!GAME_ART_MOTIFS.includes(motif)) throw invalid('thumbnail', `one of ${GAME_ART_MOTIFS.join(', ')}`);
  if (g.order !== undefined) checkOrder(g.order);

  const r = await q.query(
    `INSERT INTO games (id, provider, category, name, thumbnail, is_new, is_hot, sort)
     SELECT $1, $2, $3, $4, $5, $6, $7,
       COALESCE($8::int, (SELECT COALESCE(max(sort), 0) + 10 FROM games WHERE provider = $2))
     ON CONFLICT (id) DO NOTHING`,
    [
      g.id,
      g.provider,
      category,
      name,
      thumbnailOf(motif),
      g.isNew ?? false,
      g.isHot ?? false,
      g.order ?? null,
    ],
  );
  if (r.rowCount !== 1) throw invalid('id', `game ${g.id} exists`);
  return { ...toGame(await existingGame(q, g.id)), enabled: true };
}

function checkOrder(order: number): void {
  if (!(Number.isSafeInteger(order) && order >= 0 && order <= MAX_ORDER))
    throw invalid('order', `a whole number from 0 to ${MAX_ORDER}`);
}

async function updateGame(q: Queryable, id: string, set: string, params: unknown[]): Promise<OpsGame> {
  const r = await q.query(`UPDATE games SET ${set} WHERE id = $1`, [id, ...params]);
  if (r.rowCount !== 1) throw new DomainError('GAME_NOT_FOUND', `No game ${id}`);
  const row = await existingGame(q, id);
  return { ...toGame(row), enabled: row.enabled };
}

/** Takes a game off the lobby (and off favourites and recent) or puts it back; launching it is refused meanwhile. */
export function setGameEnabled(q: Queryable, id: string, enabled: boolean): Promise<OpsGame> {
  return updateGame(q, id, 'enabled = $2', [enabled]);
}

export function setGameOrder(q: Queryable, id: string, order: number): Promise<OpsGame> {
  checkOrder(order);
  return updateGame(q, id, 'sort = $2', [order]);
}

export function setGameFlags(
  q: Queryable,
  id: string,
  flags: { isNew: boolean; isHot: boolean },
): Promise<OpsGame> {
  return updateGame(q, id, 'is_new = $2, is_hot = $3', [flags.isNew, flags.isHot]);
}
