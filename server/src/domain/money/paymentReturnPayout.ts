import type { PayoutRequest } from '../../adapters/types';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { postTransfers, systemAccountId } from '../ledger/ledger';
import { notifyOrderChanged } from '../ledger/orderEvents';
import { findOrder } from '../ledger/orders';
import { payoutRequest } from './payouts';
import { paymentReturnRefs } from '../ledger/references';

/**
 * The way back of a returned payment (docs/protection.md): the outbox's payout row `ret:<order code>` pays
 * the deposit's LAK back to the bank account recorded on the order. Like a withdrawal's payout, the ledger
 * leg (deposit_returns → payout_clearing) is posted before the bank is called, once, and the order records
 * the bank's reference when it answers.
 */

/** Before the payout bank is called, in one transaction: the return's ledger leg and its request. */
export async function prepareReturnIn(q: Queryable, code: string): Promise<PayoutRequest | undefined> {
  const order = await findOrder(q, code, { forUpdate: true });
  if (!order || order.kind !== 'DEPOSIT' || !order.return_reason || !order.return_bank_account_id) return;
  if (order.return_paid_at) return;
  await postTransfers(q, [
    {
      reference: paymentReturnRefs(code).pay,
      kind: 'PAYMENT_RETURN',
      debitAccountId: await systemAccountId(q, 'deposit_returns', 'LAK'),
      creditAccountId: await systemAccountId(q, 'payout_clearing', 'LAK'),
      amount: toInt(order.amount),
      orderCode: code,
    },
  ]);
  await q.query(
    'UPDATE orders SET return_started_at = COALESCE(return_started_at, app_now()) WHERE code = $1',
    [code],
  );
  return payoutRequest(q, order, order.return_bank_account_id);
}

/** The bank paid the money back: the order records when and under which reference. */
export async function completeReturnIn(q: Queryable, code: string, bankReference: string): Promise<void> {
  const r = await q.query<{ player_id: string }>(
    `UPDATE orders SET return_paid_at = app_now(), return_reference = $2, updated_at = app_now()
     WHERE code = $1 AND return_paid_at IS NULL RETURNING player_id`,
    [code, bankReference],
  );
  if (r.rows[0]) await notifyOrderChanged(q, { playerId: r.rows[0].player_id, code });
}
