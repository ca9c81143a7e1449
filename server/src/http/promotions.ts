import type { components } from '../contract/types';
import {
  cancelUsage,
  claimPromotion,
  currentUsage,
  getPromotion,
  listPromotions,
  listUsages,
  recheckUsage,
} from '../domain/promotions';
import { requirePlayer } from './auth';
import { pageQuery } from './deposits';
import type { HandlerMap } from './types';

type Schemas = components['schemas'];

export const promotionHandlers: HandlerMap = {
  async listPromotions(req, _reply, ctx): Promise<Schemas['PromotionListResponse']> {
    await requirePlayer(req, ctx);
    return { promotions: await listPromotions(ctx.db) };
  },

  async getPromotion(req, _reply, ctx): Promise<Schemas['PromotionResponse']> {
    await requirePlayer(req, ctx);
    return { promotion: await getPromotion(ctx.db, (req.params as { promotionId: string }).promotionId) };
  },

  async claimPromotion(req, _reply, ctx): Promise<Schemas['PromotionUsageResponse']> {
    const { playerId } = await requirePlayer(req, ctx);
    const { promotionId, providerId } = req.body as Schemas['UsePromotionRequest'];
    return { usage: await claimPromotion(ctx.db, playerId, promotionId, providerId) };
  },

  async getCurrentPromotion(req, _reply, ctx) {
    const { playerId } = await requirePlayer(req, ctx);
    return { usage: await currentUsage(ctx.db, playerId) };
  },

  async recheckPromotionUsage(req, _reply, ctx) {
    const { playerId } = await requirePlayer(req, ctx);
    return { usage: await recheckUsage(ctx.db, ctx.adapters, playerId) };
  },

  async listPromotionUsages(req, _reply, ctx): Promise<Schemas['PromotionUsagePage']> {
    const { playerId } = await requirePlayer(req, ctx);
    const { page, pageSize } = pageQuery(req);
    return listUsages(ctx.db, playerId, page, pageSize);
  },

  async cancelPromotionUsage(req, _reply, ctx): Promise<Schemas['PromotionUsageResponse']> {
    const { playerId } = await requirePlayer(req, ctx);
    return {
      usage: await cancelUsage(ctx.db, ctx.adapters, playerId, (req.body as { usageId: string }).usageId),
    };
  },
};
