import type { components } from '../contract/types';
import { addBankAccount, listBankAccounts, listBanks } from '../domain/bankAccounts';
import { requirePlayer } from './auth';
import type { HandlerMap } from './types';

type Schemas = components['schemas'];

export const bankHandlers: HandlerMap = {
  async listBanks(_req, _reply, ctx): Promise<Schemas['BankListResponse']> {
    return { banks: await listBanks(ctx.db) };
  },

  async listBankAccounts(req, _reply, ctx): Promise<Schemas['BankAccountListResponse']> {
    const { playerId } = await requirePlayer(req, ctx);
    return { bankAccounts: await listBankAccounts(ctx.db, playerId) };
  },

  async addBankAccount(req, reply, ctx): Promise<Schemas['BankAccountResponse']> {
    const { playerId } = await requirePlayer(req, ctx);
    const bankAccount = await ctx.db.tx((q) =>
      addBankAccount(q, playerId, req.body as Schemas['AddBankAccountRequest']),
    );
    reply.code(201);
    return { bankAccount };
  },
};
