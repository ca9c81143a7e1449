import { thbMoney as thb } from '@core/money';
import { PROVIDERS } from '@core/providers';
import { SHOWN_WALLET_MAX_AGE_MS, shownCredit, shownCredits } from '../domain/games/providerWallets';
import { answerMoneyOperation } from './moneyCall';
import type { SomeHandlers } from './types';

export const creditHandlers = {
  /**
   * The ledger's credit, read for each request (with the session: SESSION_READS in auth.ts), with the game
   * results the provider reports booked; the provider's wallet answer may be shared for
   * SHOWN_WALLET_MAX_AGE_MS (domain/credits.ts). When the provider does not answer, the ledger's figure:
   * the page never fails for a silent provider.
   */
  async getPlayerCredit({ session, params }, _reply, ctx) {
    const credit = await shownCredit(ctx, session.playerId, params.game, {
      walletMaxAgeMs: SHOWN_WALLET_MAX_AGE_MS,
      ...(session.bookedCredit?.provider === params.game ? { booked: session.bookedCredit.figures } : {}),
    });
    return { credit: thb(credit) };
  },

  async getPlayerCredits({ session }, _reply, ctx) {
    const credits = await shownCredits(ctx, session.playerId);
    return {
      credits: PROVIDERS.map((provider) => ({ provider, credit: thb(credits[provider]) })),
      total: thb(PROVIDERS.reduce((sum, provider) => sum + credits[provider], 0)),
    };
  },

  moveCredit: (req, reply, ctx) => answerMoneyOperation(req, reply, ctx, 'moveCredit'),
} satisfies SomeHandlers;
