import {
  cancelDeposit,
  checkDepositOrder,
  createDeposit,
  getDepositQr,
  listDeposits,
  listOpenDeposits,
} from '../domain/deposits';
import { withIdempotency } from '../domain/idempotency';
import { pageOf } from './paging';
import type { SomeHandlers, SuccessBody } from './types';

export const depositHandlers = {
  async listDeposits({ session, query }, _reply, ctx) {
    const { page, pageSize } = pageOf(query);
    return listDeposits(ctx, session.playerId, page, pageSize);
  },

  async createDeposit({ session, body, headers }, reply, ctx) {
    const response = await withIdempotency(
      ctx.db,
      {
        playerId: session.playerId,
        operation: 'createDeposit',
        key: headers['idempotency-key'],
        payload: body,
      },
      async () => ({ status: 201, body: await createDeposit(ctx, session.playerId, body) }),
    );
    reply.code(response.status);
    // A replay answers the body stored by this operation's first run.
    return response.body as SuccessBody<'createDeposit'>;
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
