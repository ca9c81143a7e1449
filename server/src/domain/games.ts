import type { Adapters, ProviderCode } from '../adapters';
import type { components } from '@core/contract';
import type { Queryable } from '../db/types';
import { DomainError } from '../errors';

type Game = components['schemas']['Game'];

export async function listGames(
  q: Queryable,
  provider: ProviderCode,
  category?: Game['category'],
): Promise<Game[]> {
  const r = await q.query<Game>(
    `SELECT id, provider, category, name FROM games WHERE provider = $1 AND ($2::text IS NULL OR category = $2::text)
     ORDER BY sort, id`,
    [provider, category ?? null],
  );
  return r.rows.map((g) => ({ id: g.id, provider: g.provider, category: g.category, name: g.name }));
}

/** A launch address from the provider; a named game must be one of that provider's games. */
export async function launchGame(
  q: Queryable,
  adapters: Adapters,
  playerId: string,
  provider: ProviderCode,
  gameId?: string,
) {
  if (gameId) {
    const r = await q.query('SELECT 1 FROM games WHERE id = $1 AND provider = $2', [gameId, provider]);
    if (r.rows.length === 0) throw new DomainError('GAME_NOT_FOUND', 'No such game at this provider');
  }
  return { url: adapters.providers[provider].launchUrl(playerId, gameId), provider };
}
