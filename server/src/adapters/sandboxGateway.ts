import type { Queryable } from '../db/types';
import { toInt } from '../db/values';
import type { GatewayQuery, PaymentGateway, QrRequest } from './types';

/**
 * The sandbox LAO QR gateway. Its state (one row per bill number) lives in sandbox_payments; the sandbox
 * bank (sandboxBank.ts) marks a row paid, and query() answers like the real gateway does.
 */
export class SandboxPaymentGateway implements PaymentGateway {
  async createQr(q: Queryable, req: QrRequest): Promise<void> {
    await q.query(
      `INSERT INTO sandbox_payments (bill_number, merchant_id, amount, currency, status, expires_at)
       VALUES ($1, $2, $3, 'LAK', 'PENDING', $4) ON CONFLICT (bill_number) DO NOTHING`,
      [req.billNumber, req.merchantId, req.amountLak, req.expiresAt.toISOString()],
    );
  }

  async query(q: Queryable, billNumber: string): Promise<GatewayQuery> {
    const r = await q.query<{
      status: string;
      reference: string | null;
      amount: unknown;
      paid_at: Date | string | null;
      expired: boolean;
    }>(
      `SELECT status, reference, amount, paid_at, expires_at < app_now() AS expired FROM sandbox_payments WHERE bill_number = $1`,
      [billNumber],
    );
    const row = r.rows[0];
    if (!row) return { status: 'FAILED' };
    if (row.status === 'SUCCESS') {
      return {
        status: 'SUCCESS',
        reference: row.reference ?? undefined,
        amount: toInt(row.amount),
        paidAt: new Date(row.paid_at ?? Date.now()),
      };
    }
    if (row.status === 'FAILED') return { status: 'FAILED' };
    return { status: row.expired ? 'EXPIRED' : 'PENDING' };
  }
}

/** The sandbox bank's side: record that a QR was paid. False when it was already paid, failed or unknown. */
export async function sandboxMarkPaid(q: Queryable, billNumber: string, reference: string): Promise<boolean> {
  const r = await q.query(
    `UPDATE sandbox_payments SET status = 'SUCCESS', reference = $2, paid_at = app_now()
     WHERE bill_number = $1 AND status = 'PENDING'`,
    [billNumber, reference],
  );
  return r.rowCount === 1;
}
