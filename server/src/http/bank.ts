import { addBankAccount, listBankAccounts, listBanks } from '../domain/bankAccounts';
import { deliverPending } from '../domain/outboxDelivery';
import { payWaitingReturns } from '../domain/paymentReturns';
import type { SomeHandlers } from './types';

export const bankHandlers = {
  async listBanks(_req, _reply, ctx) {
    return { banks: await listBanks(ctx.db) };
  },

  async listBankAccounts({ session }, _reply, ctx) {
    return { bankAccounts: await listBankAccounts(ctx.db, session.playerId) };
  },

  async addBankAccount({ session, body }, reply, ctx) {
    // With the account, payments returned while the player had none start their way back (once: same tx).
    const { bankAccount, returns } = await ctx.db.tx(async (q) => ({
      bankAccount: await addBankAccount(q, session.playerId, body),
      returns: await payWaitingReturns(q, session.playerId),
    }));
    if (returns > 0) await deliverPending(ctx, session.playerId);
    reply.code(201);
    return { bankAccount };
  },
} satisfies SomeHandlers;
