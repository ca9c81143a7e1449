import { withdrawPromotionInfo } from '../domain/promotions/promotionProgress';
import { listOpenWithdraws, listWithdraws } from '../domain/money/withdrawals';
import { answerMoneyOperation } from './moneyCall';
import { pageOf } from './paging';
import type { SomeHandlers } from './types';

export const withdrawHandlers = {
  async listWithdraws({ session, query }, _reply, ctx) {
    const { page, pageSize } = pageOf(query);
    return listWithdraws(ctx, session.playerId, page, pageSize);
  },

  createWithdraw: (req, reply, ctx) => answerMoneyOperation(req, reply, ctx, 'createWithdraw'),

  async listOpenWithdraws({ session }, _reply, ctx) {
    return { orders: await listOpenWithdraws(ctx, session.playerId) };
  },

  async getWithdrawPromotionInfo({ session, query }, _reply, ctx) {
    return withdrawPromotionInfo(ctx, session.playerId, query.provider);
  },
} satisfies SomeHandlers;
