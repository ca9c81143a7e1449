import type { components } from '../contract/types';
import { listCurrencies } from '../domain/currencies';
import type { HandlerMap } from './types';

export const currencyHandlers: HandlerMap = {
  async listCurrencies(_req, _reply, ctx): Promise<components['schemas']['CurrencyListResponse']> {
    return { currencies: await listCurrencies(ctx.db) };
  },
};
