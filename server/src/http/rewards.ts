import { PROVIDERS } from '@core/providers';
import { cashbackOverview } from '../domain/cashback';
import { SHOWN_WALLET_MAX_AGE_MS, shownCredit } from '../domain/credits';
import { answerMoneyOperation } from './moneyCall';
import type { SomeHandlers } from './types';

export const rewardHandlers = {
  /**
   * The running period counts the game results booked so far: each provider's wallet is read first (as the
   * credits are, a silent provider leaving the ledger's figure), so the page shows the rounds just played.
   */
  async getCashback({ session }, _reply, ctx) {
    await Promise.all(
      PROVIDERS.map((provider) =>
        shownCredit(ctx, session.playerId, provider, { walletMaxAgeMs: SHOWN_WALLET_MAX_AGE_MS }),
      ),
    );
    return cashbackOverview(ctx.db, session.playerId, new Date());
  },

  claimCashback: (req, reply, ctx) =>
    answerMoneyOperation(req, reply, ctx, 'claimCashback', { paymentId: req.params.paymentId }),
} satisfies SomeHandlers;
