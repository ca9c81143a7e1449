import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { postTransfers, systemAccountId } from '../ledger/ledger';
import { notifyOrderChanged } from '../ledger/orderEvents';
import { transition, type OrderRow, type ReturnReason } from '../ledger/orders';
import { enqueueTransfer } from '../ledger/outbox';
import { endUsage } from '../promotions/promotionUsages';
import { exclusionInForce } from '../protection/exclusions';
import { limitBreach } from '../protection/protectionChecks';
import { depositRefs, paymentReturnRefs } from '../ledger/references';

/**
 * Payments that must not become playable (docs/protection.md, "Returned payments"): a payment for an order
 * that had closed (cancelled or expired) which would take the player over a deposit or loss limit, and any
 * payment while a time-out or self-exclusion is in force. The money is the player's: it is kept apart
 * (deposit_returns) and paid back to their bank account through the payout path, exactly once.
 */

/** Why this payment of order may not be made playable at now, or null. The caller holds the player lock. */
export async function returnReasonFor(
  q: Queryable,
  order: OrderRow,
  now: Date,
): Promise<ReturnReason | null> {
  const exclusion = await exclusionInForce(q, order.player_id, now);
  if (exclusion) return exclusion.kind === 'SELF_EXCLUSION' ? 'PLAYER_SELF_EXCLUDED' : 'PLAYER_TIMED_OUT';
  // An order paid while open was admitted under the limits when it was opened, and counted since.
  if (order.status === 'OPEN') return null;
  const breach = await limitBreach(q, order.player_id, toInt(order.amount), now, order.code);
  return breach?.code ?? null;
}

/**
 * The locked order → REJECTED with the reason: the bank's money goes to deposit_returns, and back to the
 * player's bank account now if they have one (else when they add one: payWaitingReturns). A promotion
 * waiting for this deposit ends: no bonus on money that is not played.
 */
export async function returnPayment(
  q: Queryable,
  order: OrderRow,
  bankReference: string,
  reason: ReturnReason,
): Promise<void> {
  const rejected = await transition(q, order.code, order.status, 'REJECTED', {
    bankReference,
    paidAfterClose: order.status !== 'OPEN',
    returnReason: reason,
  });
  if (!rejected) throw new Error(`order ${order.code} changed under its row lock`);
  if (order.usage_id) await endUsage(q, order.usage_id, 'CANCELED');
  await postTransfers(q, [
    {
      reference: depositRefs(order.code).returned,
      kind: 'PAYMENT_HELD',
      debitAccountId: await systemAccountId(q, 'bank_clearing', 'LAK'),
      creditAccountId: await systemAccountId(q, 'deposit_returns', 'LAK'),
      amount: toInt(order.amount),
      orderCode: order.code,
    },
  ]);
  await payWaitingReturns(q, order.player_id);
}

/**
 * Queues the way back of every returned payment of the player still waiting for a bank account, to the
 * player's account (one per player). Once per order: the payout row's reference is the order's.
 */
export async function payWaitingReturns(q: Queryable, playerId: string): Promise<number> {
  const waiting = await q.query<{
    code: string;
    provider: OrderRow['provider'];
    amount: unknown;
    account: string;
  }>(
    `UPDATE orders o SET return_bank_account_id = b.id, updated_at = app_now()
     FROM (SELECT id FROM bank_accounts WHERE player_id = $1 ORDER BY created_at LIMIT 1) b
     WHERE o.player_id = $1 AND o.kind = 'DEPOSIT' AND o.return_reason IS NOT NULL
       AND o.return_bank_account_id IS NULL
     RETURNING o.code, o.provider, o.amount, b.id AS account`,
    [playerId],
  );
  for (const row of waiting.rows) {
    await enqueueTransfer(q, {
      reference: paymentReturnRefs(row.code).payout,
      provider: row.provider,
      playerId,
      direction: 'OUT',
      amount: toInt(row.amount),
      kind: 'PAYOUT',
      ledgerReference: paymentReturnRefs(row.code).pay,
    });
    await notifyOrderChanged(q, { playerId, code: row.code });
  }
  return waiting.rows.length;
}
