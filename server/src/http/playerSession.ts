import { creditHandlers } from './credits';
import { playerHandlers } from './players';
import type { SomeHandlers } from './types';

export const playerSessionHandlers = {
  /**
   * What a player page starts with, in one answer (openapi.yaml getPlayerSession): the same reads as
   * getPlayerInfo, getPlayerProfile and getPlayerCredits, made side by side, so each part is exactly what
   * its own operation would have answered.
   */
  async getPlayerSession(req, reply, ctx) {
    const [info, profile, credits] = await Promise.all([
      playerHandlers.getPlayerInfo(req, reply, ctx),
      playerHandlers.getPlayerProfile(req, reply, ctx),
      creditHandlers.getPlayerCredits(req, reply, ctx),
    ]);
    return { info, profile, credits };
  },
} satisfies SomeHandlers;
