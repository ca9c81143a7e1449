import { listBankAccounts, listBanks } from '../domain/players/bankAccounts';
import { answerMoneyOperation } from './moneyCall';
import type { SomeHandlers } from './types';

export const bankHandlers = {
  async listBanks(_req, _reply, ctx) {
    return { banks: await listBanks(ctx.db) };
  },

  async listBankAccounts({ session }, _reply, ctx) {
    return { bankAccounts: await listBankAccounts(ctx.db, session.playerId) };
  },

  addBankAccount: (req, reply, ctx) => answerMoneyOperation(req, reply, ctx, 'addBankAccount'),
} satisfies SomeHandlers;
