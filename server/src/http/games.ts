import type { components } from '../contract/types';
import { launchGame, listGames } from '../domain/games';
import { requirePlayer } from './auth';
import type { HandlerMap } from './types';

type Schemas = components['schemas'];

export const gameHandlers: HandlerMap = {
  async listGames(req, _reply, ctx): Promise<Schemas['GameListResponse']> {
    await requirePlayer(req, ctx);
    const { provider, category } = req.query as {
      provider: Schemas['Provider'];
      category?: Schemas['GameCategory'];
    };
    return { games: await listGames(ctx.db, provider, category) };
  },

  async launchGame(req, _reply, ctx): Promise<Schemas['LaunchGameResponse']> {
    const { playerId } = await requirePlayer(req, ctx);
    const { provider, gameId } = req.body as Schemas['LaunchGameRequest'];
    return launchGame(ctx.db, ctx.adapters, playerId, provider, gameId);
  },
};
