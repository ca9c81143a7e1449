import type { Queryable } from '../db/types';
import type { PayoutAdapter, PayoutRequest } from './types';

/**
 * The sandbox payout bank: records each payout once per order code in sandbox_payouts, and counts the
 * requests it got for it (`requests`), so tests can prove a payout was asked for exactly once.
 */
export class SandboxPayout implements PayoutAdapter {
  async pay(q: Queryable, req: PayoutRequest): Promise<string> {
    const r = await q.query<{ reference: string }>(
      `INSERT INTO sandbox_payouts (order_code, bank, account_number, account_name, amount, reference)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (order_code) DO UPDATE SET requests = sandbox_payouts.requests + 1
       RETURNING reference`,
      [req.orderCode, req.bank, req.accountNumber, req.accountName, req.amountLak, `PAYOUT-${req.orderCode}`],
    );
    return r.rows[0]!.reference;
  }

  async find(q: Queryable, orderCode: string): Promise<string | undefined> {
    const r = await q.query<{ reference: string }>(
      'SELECT reference FROM sandbox_payouts WHERE order_code = $1',
      [orderCode],
    );
    return r.rows[0]?.reference;
  }
}
