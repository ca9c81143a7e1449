import type { ProviderCode } from '../adapters';
import type { components } from '../contract/types';
import { requirePlayer } from './auth';
import type { HandlerMap } from './types';

/** 15384 → '153.84'. The credit response is the one place money leaves as a decimal string. */
export function satangToDecimal(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(satang);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const creditHandlers: HandlerMap = {
  /** Straight from the provider (credit is never cached): its wallet is the truth of what can be played. */
  async getPlayerCredit(req, _reply, ctx): Promise<components['schemas']['CreditResponse']> {
    const { playerId } = await requirePlayer(req, ctx);
    const { game } = req.params as { game: ProviderCode };
    const satang = await ctx.adapters.providers[game].balance(ctx.db, playerId);
    return { credit: { amount: satangToDecimal(satang), currency: 'THB' } };
  },
};
