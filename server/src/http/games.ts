import { launchGame, listGames } from '../domain/games';
import type { SomeHandlers } from './types';

export const gameHandlers = {
  async listGames({ query }, _reply, ctx) {
    return { games: await listGames(ctx.db, query.provider, query.category) };
  },

  async launchGame({ session, body }, _reply, ctx) {
    return launchGame(ctx.db, ctx.adapters, session.playerId, body.provider, body.gameId);
  },
} satisfies SomeHandlers;
