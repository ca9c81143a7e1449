import { getPromotion, listPromotionBanners, listPromotions } from '../domain/promotions/promotionCatalogue';
import { currentUsage, recheckUsage } from '../domain/promotions/promotionProgress';
import { listUsages } from '../domain/promotions/promotionUsages';
import { answerMoneyOperation } from './moneyCall';
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

  claimPromotion: (req, reply, ctx) => answerMoneyOperation(req, reply, ctx, 'claimPromotion'),

  async getCurrentPromotion({ session, query }, _reply, ctx) {
    return { usage: await currentUsage(ctx, session.playerId, query.lang) };
  },

  async recheckPromotionUsage({ session }, _reply, ctx) {
    return { usage: await recheckUsage(ctx, session.playerId) };
  },

  async listPromotionUsages({ session, query }, _reply, ctx) {
    const { page, pageSize } = pageOf(query);
    return listUsages(ctx.db, session.playerId, page, pageSize, query.lang);
  },

  cancelPromotionUsage: (req, reply, ctx) => answerMoneyOperation(req, reply, ctx, 'cancelPromotionUsage'),
} satisfies SomeHandlers;
