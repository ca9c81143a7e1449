import { addBankAccount, listBankAccounts, listBanks } from '../domain/bankAccounts';
import type { SomeHandlers } from './types';

export const bankHandlers = {
  async listBanks(_req, _reply, ctx) {
    return { banks: await listBanks(ctx.db) };
  },

  async listBankAccounts({ session }, _reply, ctx) {
    return { bankAccounts: await listBankAccounts(ctx.db, session.playerId) };
  },

  async addBankAccount({ session, body }, reply, ctx) {
    const bankAccount = await ctx.db.tx((q) => addBankAccount(q, session.playerId, body));
    reply.code(201);
    return { bankAccount };
  },
} satisfies SomeHandlers;
