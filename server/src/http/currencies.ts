import { listCurrencies } from '../domain/ledger/currencies';
import type { SomeHandlers } from './types';

export const currencyHandlers = {
  async listCurrencies(_req, _reply, ctx) {
    return { currencies: await listCurrencies(ctx.db) };
  },
} satisfies SomeHandlers;
