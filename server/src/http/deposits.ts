import {
  cancelDeposit,
  checkDepositOrder,
  createDepositIn,
  getDepositQr,
  listDeposits,
  listOpenDeposits,
} from '../domain/deposits';
import { idempotentCall } from './idempotentCall';
import { pageOf } from './paging';
import type { SomeHandlers } from './types';

export const depositHandlers = {
  async listDeposits({ session, query }, _reply, ctx) {
    const { page, pageSize } = pageOf(query);
    return listDeposits(ctx, session.playerId, page, pageSize);
  },

  async createDeposit(req, reply, ctx) {
    const { session, body } = req;
    return idempotentCall(
      req,
      reply,
      ctx,
      { playerId: session.playerId, operation: 'createDeposit', payload: body },
      async (q) => ({ status: 201, body: await createDepositIn(ctx, q, session.playerId, body) }),
    );
  },

  async listOpenDeposits({ session }, _reply, ctx) {
    return { orders: await listOpenDeposits(ctx, session.playerId) };
  },

  async getDepositQr({ session, params }, _reply, ctx) {
    return getDepositQr(ctx, session.playerId, params.code);
  },

  async checkDeposit({ session, params }, _reply, ctx) {
    return { order: await checkDepositOrder(ctx, session.playerId, params.code) };
  },

  async cancelDeposit({ session, params }, _reply, ctx) {
    return { order: await cancelDeposit(ctx, session.playerId, params.code) };
  },
} satisfies SomeHandlers;
