import { enabledUniqueByMid, type CurrencyEntry } from '@core/conversion';
import type { Queryable } from '../../db/types';

export async function allCurrencyEntries(q: Queryable): Promise<CurrencyEntry[]> {
  const r = await q.query<{
    code: string;
    mid: string;
    display_name: string;
    currency: CurrencyEntry['currency'];
    buy: string;
    sell: string;
    is_enabled: boolean;
  }>('SELECT code, mid, display_name, currency, buy, sell, is_enabled FROM currencies ORDER BY sort, id');
  return r.rows.map((row) => ({
    isEnabled: row.is_enabled,
    code: row.code,
    mid: row.mid,
    displayName: row.display_name,
    currency: row.currency,
    buy: row.buy,
    sell: row.sell,
  }));
}

/** listCurrencies: enabled entries, each mid once. */
export async function listCurrencies(q: Queryable): Promise<CurrencyEntry[]> {
  return enabledUniqueByMid(await allCurrencyEntries(q));
}

/** The enabled entry of a mid, for a new order; undefined when there is none. */
export async function findPaymentMethod(q: Queryable, mid: string): Promise<CurrencyEntry | undefined> {
  return (await listCurrencies(q)).find((e) => e.mid === mid);
}
