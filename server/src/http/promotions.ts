import {
  cancelUsage,
  claimPromotion,
  currentUsage,
  getPromotion,
  listPromotions,
  listUsages,
  recheckUsage,
} from '../domain/promotions';
import { pageOf } from './paging';
import type { SomeHandlers } from './types';

export const promotionHandlers = {
  async listPromotions(_req, _reply, ctx) {
    return { promotions: await listPromotions(ctx.db) };
  },

  async getPromotion({ params }, _reply, ctx) {
    return { promotion: await getPromotion(ctx.db, params.promotionId) };
  },

  async claimPromotion({ session, body }, _reply, ctx) {
    return { usage: await claimPromotion(ctx.db, session.playerId, body.promotionId, body.providerId) };
  },

  async getCurrentPromotion({ session }, _reply, ctx) {
    return { usage: await currentUsage(ctx.db, session.playerId) };
  },

  async recheckPromotionUsage({ session }, _reply, ctx) {
    return { usage: await recheckUsage(ctx.db, ctx.adapters, session.playerId) };
  },

  async listPromotionUsages({ session, query }, _reply, ctx) {
    const { page, pageSize } = pageOf(query);
    return listUsages(ctx.db, session.playerId, page, pageSize);
  },

  async cancelPromotionUsage({ session, body }, _reply, ctx) {
    return { usage: await cancelUsage(ctx.db, ctx.adapters, session.playerId, body.usageId) };
  },
} satisfies SomeHandlers;
