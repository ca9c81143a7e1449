import type { ProviderCode } from '../adapters';
import type { components } from '../contract/types';
import { withIdempotency } from '../domain/idempotency';
import { withdrawPromotionInfo } from '../domain/promotions';
import { createWithdraw, listOpenWithdraws, listWithdraws } from '../domain/withdrawals';
import { requirePlayer } from './auth';
import { idempotencyKey, pageQuery } from './deposits';
import type { HandlerMap } from './types';

type Schemas = components['schemas'];

export const withdrawHandlers: HandlerMap = {
  async listWithdraws(req, _reply, ctx): Promise<Schemas['OrderPage']> {
    const { playerId } = await requirePlayer(req, ctx);
    const { page, pageSize } = pageQuery(req);
    return listWithdraws(ctx, playerId, page, pageSize);
  },

  async createWithdraw(req, reply, ctx): Promise<unknown> {
    const { playerId } = await requirePlayer(req, ctx);
    const body = req.body as Schemas['CreateWithdrawRequest'];
    const response = await withIdempotency(
      ctx.db,
      { playerId, operation: 'createWithdraw', key: idempotencyKey(req), payload: body },
      async () => ({ status: 201, body: { order: await createWithdraw(ctx, playerId, body) } }),
    );
    reply.code(response.status);
    return response.body;
  },

  async listOpenWithdraws(req, _reply, ctx): Promise<Schemas['OrderListResponse']> {
    const { playerId } = await requirePlayer(req, ctx);
    return { orders: await listOpenWithdraws(ctx, playerId) };
  },

  async getWithdrawPromotionInfo(req, _reply, ctx): Promise<Schemas['WithdrawPromotionInfo']> {
    const { playerId } = await requirePlayer(req, ctx);
    const { provider } = req.query as { provider: ProviderCode };
    return withdrawPromotionInfo(ctx.db, ctx.adapters, playerId, provider);
  },
};
