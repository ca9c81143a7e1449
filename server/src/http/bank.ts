import { listBankAccounts, listBanks } from '../domain/players/bankAccounts';
import { toBankAccountView } from '../domain/players/players';
import type { components } from '@core/contract';
import { answerMoneyOperation } from './moneyCall';
import type { SomeHandlers } from './types';

type BankAccount = components['schemas']['BankAccount'];

export const bankHandlers = {
  async listBanks(_req, _reply, ctx) {
    return { banks: await listBanks(ctx.db) };
  },

  async listBankAccounts({ session }, _reply, ctx) {
    // Read with the session, in its statement (SESSION_READS in auth.ts), as getPlayerInfo reads them.
    const bankAccounts = session.bankAccounts
      ? // The database's CHECK holds the bank to the contract's list (the same cast as getPlayerInfo's).
        (session.bankAccounts.map((row) => toBankAccountView(row, session.player.username)) as BankAccount[])
      : await listBankAccounts(ctx.db, session.playerId);
    return { bankAccounts };
  },

  addBankAccount: (req, reply, ctx) => answerMoneyOperation(req, reply, ctx, 'addBankAccount'),
} satisfies SomeHandlers;
