import { cashbackOverview } from '../domain/rewards/cashback';
import { checkInOverview } from '../domain/rewards/checkIns';
import { bookEveryProvider } from '../domain/games/providerWallets';
import { referralOverview } from '../domain/rewards/referrals';
import { answerMoneyOperation } from './moneyCall';
import type { SomeHandlers } from './types';

export const rewardHandlers = {
  // The running figures count what is booked: every wallet is read first, so the rounds just played show.
  async getCashback({ session }, _reply, ctx) {
    await bookEveryProvider(ctx, session.playerId);
    return cashbackOverview(ctx.db, session.playerId, ctx.clock.now());
  },

  claimCashback: (req, reply, ctx) =>
    answerMoneyOperation(req, reply, ctx, 'claimCashback', { paymentId: req.params.paymentId }),

  async getCheckIn({ session }, _reply, ctx) {
    await bookEveryProvider(ctx, session.playerId);
    return checkInOverview(ctx.db, session.playerId, ctx.clock.now());
  },

  claimCheckIn: (req, reply, ctx) => answerMoneyOperation(req, reply, ctx, 'claimCheckIn', {}),

  // Days that are over are accrued as it is read (once each: referrals.ts), hence the transaction.
  async getReferral({ session }, _reply, ctx) {
    return ctx.db.tx((q) => referralOverview(q, session.playerId, ctx.clock.now()));
  },

  claimReferral: (req, reply, ctx) => answerMoneyOperation(req, reply, ctx, 'claimReferral'),
} satisfies SomeHandlers;
