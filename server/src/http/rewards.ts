import { cashbackOverview } from '../domain/cashback';
import { checkInOverview } from '../domain/checkIns';
import { bookEveryProvider } from '../domain/credits';
import { answerMoneyOperation } from './moneyCall';
import type { SomeHandlers } from './types';

export const rewardHandlers = {
  // The running figures count what is booked: every wallet is read first, so the rounds just played show.
  async getCashback({ session }, _reply, ctx) {
    await bookEveryProvider(ctx, session.playerId);
    return cashbackOverview(ctx.db, session.playerId, new Date());
  },

  claimCashback: (req, reply, ctx) =>
    answerMoneyOperation(req, reply, ctx, 'claimCashback', { paymentId: req.params.paymentId }),

  async getCheckIn({ session }, _reply, ctx) {
    await bookEveryProvider(ctx, session.playerId);
    return checkInOverview(ctx.db, session.playerId, new Date());
  },

  claimCheckIn: (req, reply, ctx) => answerMoneyOperation(req, reply, ctx, 'claimCheckIn', {}),
} satisfies SomeHandlers;
