import { getDepositQr, listDeposits, listOpenDeposits } from '../domain/money/deposits';
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

  checkDeposit: (req, reply, ctx) =>
    answerMoneyOperation(req, reply, ctx, 'checkDeposit', { code: req.params.code }),

  cancelDeposit: (req, reply, ctx) =>
    answerMoneyOperation(req, reply, ctx, 'cancelDeposit', { code: req.params.code }),
} satisfies SomeHandlers;
