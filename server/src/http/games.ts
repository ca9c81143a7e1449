import {
  addFavouriteGame,
  launchGame,
  listGames,
  playerGames,
  removeFavouriteGame,
} from '../domain/games/games';
import type { SomeHandlers } from './types';
import { pageOf } from './paging';
import { listPlayerRounds } from '../domain/games/betHistory';

export const gameHandlers = {
  async listGames({ query }, _reply, ctx) {
    return { games: await listGames(ctx.db, { provider: query.provider, category: query.category }) };
  },

  async getPlayerGames({ session }, _reply, ctx) {
    return playerGames(ctx.db, session.playerId);
  },

  async addFavouriteGame({ session, params }, _reply, ctx) {
    await addFavouriteGame(ctx.db, session.playerId, params.gameId);
    return { ok: true as const };
  },

  async removeFavouriteGame({ session, params }, _reply, ctx) {
    await removeFavouriteGame(ctx.db, session.playerId, params.gameId);
    return { ok: true as const };
  },

  // The answer carries the launch token: it is never logged (response bodies are not; see log.ts for URLs).
  async listPlayerBets({ session, query }, _reply, ctx) {
    const { page, pageSize } = pageOf(query);
    return listPlayerRounds(ctx.db, session.playerId, page, pageSize);
  },

  async launchGame({ session, body }, _reply, ctx) {
    return launchGame(ctx, session.playerId, body.provider, body.gameId, { sessionId: session.sessionId });
  },
} satisfies SomeHandlers;
