import type { SomeHandlers } from './types';
import { satangToThb } from '@core/money';

/** Credit leaves as the contract's decimal string (15384 satang → '153.84'), the one place money does. */
export const creditHandlers = {
  /** Straight from the provider (credit is never cached): its wallet is the truth of what can be played. */
  async getPlayerCredit({ session, params }, _reply, ctx) {
    const satang = await ctx.adapters.providers[params.game].balance(ctx.db, session.playerId);
    return { credit: { amount: satangToThb(satang), currency: 'THB' } };
  },
} satisfies SomeHandlers;
