import { cancelUsageIn, prepareCancelUsage } from '../domain/promotionCancels';
import { getPromotion, listPromotionBanners, listPromotions } from '../domain/promotionCatalogue';
import { claimPromotionIn, prepareClaim } from '../domain/promotionClaims';
import { currentUsage, recheckUsage } from '../domain/promotionProgress';
import { listUsages } from '../domain/promotionUsages';
import { idempotentCall } from './idempotentCall';
import { pageOf } from './paging';
import type { SomeHandlers } from './types';

export const promotionHandlers = {
  async listPromotions({ session, query }, _reply, ctx) {
    return { promotions: await listPromotions(ctx.db, query.lang, session.playerId) };
  },

  async listPromotionBanners({ query }, _reply, ctx) {
    return { promotions: await listPromotionBanners(ctx.db, query.lang) };
  },

  async getPromotion({ params, query }, _reply, ctx) {
    return { promotion: await getPromotion(ctx.db, params.promotionId, query.lang) };
  },

  async claimPromotion(req, reply, ctx) {
    const { session, body } = req;
    // The provider's wallet is read before the transaction (credit and turnover start), never during it.
    return idempotentCall(
      req,
      reply,
      ctx,
      {
        playerId: session.playerId,
        operation: 'claimPromotion',
        payload: body,
        prepare: () => prepareClaim(ctx, session.playerId, body.providerId),
      },
      async (q) => ({
        status: 200,
        body: { usage: await claimPromotionIn(q, session.playerId, body.promotionId, body.providerId) },
      }),
    );
  },

  async getCurrentPromotion({ session, query }, _reply, ctx) {
    return { usage: await currentUsage(ctx, session.playerId, query.lang) };
  },

  async recheckPromotionUsage({ session }, _reply, ctx) {
    return { usage: await recheckUsage(ctx.db, ctx.adapters, session.playerId) };
  },

  async listPromotionUsages({ session, query }, _reply, ctx) {
    const { page, pageSize } = pageOf(query);
    return listUsages(ctx.db, session.playerId, page, pageSize, query.lang);
  },

  async cancelPromotionUsage(req, reply, ctx) {
    const { session, body } = req;
    // No transaction is held across a provider call: game results are booked before, the OUT sent after.
    return idempotentCall(
      req,
      reply,
      ctx,
      {
        playerId: session.playerId,
        operation: 'cancelPromotionUsage',
        payload: body,
        prepare: () => prepareCancelUsage(ctx, session.playerId, body.usageId),
        deliversTransfers: true,
      },
      async (q) => ({
        status: 200,
        body: { usage: await cancelUsageIn(q, session.playerId, body.usageId) },
      }),
    );
  },
} satisfies SomeHandlers;
