import { withdrawPromotionInfo } from '../domain/promotionProgress';
import { createWithdrawIn, listOpenWithdraws, listWithdraws, prepareWithdraw } from '../domain/withdrawals';
import { idempotentCall } from './idempotentCall';
import { pageOf } from './paging';
import type { SomeHandlers } from './types';

export const withdrawHandlers = {
  async listWithdraws({ session, query }, _reply, ctx) {
    const { page, pageSize } = pageOf(query);
    return listWithdraws(ctx, session.playerId, page, pageSize);
  },

  async createWithdraw(req, reply, ctx) {
    const { session, body } = req;
    // No transaction is held across a provider call: game results are booked before, the OUT sent after.
    return idempotentCall(
      req,
      reply,
      ctx,
      {
        playerId: session.playerId,
        operation: 'createWithdraw',
        payload: body,
        prepare: () => prepareWithdraw(ctx, session.playerId, body.provider),
        deliversTransfers: true,
      },
      async (q) => ({ status: 201, body: { order: await createWithdrawIn(ctx, q, session.playerId, body) } }),
    );
  },

  async listOpenWithdraws({ session }, _reply, ctx) {
    return { orders: await listOpenWithdraws(ctx, session.playerId) };
  },

  async getWithdrawPromotionInfo({ session, query }, _reply, ctx) {
    return withdrawPromotionInfo(ctx.db, ctx.adapters, session.playerId, query.provider);
  },
} satisfies SomeHandlers;
