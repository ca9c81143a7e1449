import type { Queryable } from '../db/types';
import type { PayoutAdapter, PayoutRequest } from './types';

/** The sandbox payout bank: records each payout once per order code in sandbox_payouts. */
export class SandboxPayout implements PayoutAdapter {
  async pay(q: Queryable, req: PayoutRequest): Promise<string> {
    const reference = `PAYOUT-${req.orderCode}`;
    await q.query(
      `INSERT INTO sandbox_payouts (order_code, bank, account_number, account_name, amount, reference)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (order_code) DO NOTHING`,
      [req.orderCode, req.bank, req.accountNumber, req.accountName, req.amountLak, reference],
    );
    return reference;
  }
}
