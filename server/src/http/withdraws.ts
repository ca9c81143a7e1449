import { withIdempotency } from '../domain/idempotency';
import { withdrawPromotionInfo } from '../domain/promotions';
import { createWithdraw, listOpenWithdraws, listWithdraws } from '../domain/withdrawals';
import { pageOf } from './paging';
import type { SomeHandlers, SuccessBody } from './types';

export const withdrawHandlers = {
  async listWithdraws({ session, query }, _reply, ctx) {
    const { page, pageSize } = pageOf(query);
    return listWithdraws(ctx, session.playerId, page, pageSize);
  },

  async createWithdraw({ session, body, headers }, reply, ctx) {
    const response = await withIdempotency(
      ctx.db,
      {
        playerId: session.playerId,
        operation: 'createWithdraw',
        key: headers['idempotency-key'],
        payload: body,
      },
      async () => ({ status: 201, body: { order: await createWithdraw(ctx, session.playerId, body) } }),
    );
    reply.code(response.status);
    // A replay answers the body stored by this operation's first run.
    return response.body as SuccessBody<'createWithdraw'>;
  },

  async listOpenWithdraws({ session }, _reply, ctx) {
    return { orders: await listOpenWithdraws(ctx, session.playerId) };
  },

  async getWithdrawPromotionInfo({ session, query }, _reply, ctx) {
    return withdrawPromotionInfo(ctx.db, ctx.adapters, session.playerId, query.provider);
  },
} satisfies SomeHandlers;
