import type { components } from '../contract/types';
import {
  cancelDeposit,
  checkDepositOrder,
  createDeposit,
  getDepositQr,
  listDeposits,
  listOpenDeposits,
} from '../domain/deposits';
import { withIdempotency } from '../domain/idempotency';
import { requirePlayer } from './auth';
import type { HandlerMap } from './types';

type Schemas = components['schemas'];

export function pageQuery(req: { query: unknown }): { page: number; pageSize: number } {
  const q = req.query as { page?: number; pageSize?: number };
  return { page: q.page ?? 1, pageSize: q.pageSize ?? 10 };
}

export function idempotencyKey(req: { headers: Record<string, unknown> }): string {
  return String(req.headers['idempotency-key']);
}

export const depositHandlers: HandlerMap = {
  async listDeposits(req, _reply, ctx): Promise<Schemas['OrderPage']> {
    const { playerId } = await requirePlayer(req, ctx);
    const { page, pageSize } = pageQuery(req);
    return listDeposits(ctx, playerId, page, pageSize);
  },

  async createDeposit(req, reply, ctx): Promise<unknown> {
    const { playerId } = await requirePlayer(req, ctx);
    const body = req.body as Schemas['CreateDepositRequest'];
    const response = await withIdempotency(
      ctx.db,
      { playerId, operation: 'createDeposit', key: idempotencyKey(req), payload: body },
      async () => ({ status: 201, body: await createDeposit(ctx, playerId, body) }),
    );
    reply.code(response.status);
    return response.body;
  },

  async listOpenDeposits(req, _reply, ctx): Promise<Schemas['OrderListResponse']> {
    const { playerId } = await requirePlayer(req, ctx);
    return { orders: await listOpenDeposits(ctx, playerId) };
  },

  async getDepositQr(req, _reply, ctx): Promise<Schemas['DepositQr']> {
    const { playerId } = await requirePlayer(req, ctx);
    return getDepositQr(ctx, playerId, (req.params as { code: string }).code);
  },

  async checkDeposit(req, _reply, ctx): Promise<Schemas['OrderResponse']> {
    const { playerId } = await requirePlayer(req, ctx);
    return { order: await checkDepositOrder(ctx, playerId, (req.params as { code: string }).code) };
  },

  async cancelDeposit(req, _reply, ctx): Promise<Schemas['OrderResponse']> {
    const { playerId } = await requirePlayer(req, ctx);
    return { order: await cancelDeposit(ctx, playerId, (req.params as { code: string }).code) };
  },
};
