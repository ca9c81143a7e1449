import {
  cancelDeposit,
  checkDepositOrder,
  getDepositQr,
  listDeposits,
  listOpenDeposits,
} from '../domain/deposits';
import { answerMoneyOperation } from './moneyCall';
import { pageOf } from './paging';
import type { SomeHandlers } from './types';

export const depositHandlers = {
  async listDeposits({ session, query }, _reply, ctx) {
    const { page, pageSize } = pageOf(query);
    return listDeposits(ctx, session.playerId, page, pageSize);
  },

  createDeposit: (req, reply, ctx) => answerMoneyOperation(req, reply, ctx, 'createDeposit'),

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
