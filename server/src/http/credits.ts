import type { SomeHandlers } from './types';

/** 15384 → '153.84'. The credit response is the one place money leaves as a decimal string. */
export function satangToDecimal(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(satang);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const creditHandlers = {
  /** Straight from the provider (credit is never cached): its wallet is the truth of what can be played. */
  async getPlayerCredit({ session, params }, _reply, ctx) {
    const satang = await ctx.adapters.providers[params.game].balance(ctx.db, session.playerId);
    return { credit: { amount: satangToDecimal(satang), currency: 'THB' } };
  },
} satisfies SomeHandlers;
