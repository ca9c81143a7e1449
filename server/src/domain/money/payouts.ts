import { clockNow } from '../../clock';
import type { PayoutRequest } from '../../adapters/types';
import type { Config } from '../../config';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { findBankAccount } from '../players/bankAccounts';
import { postTransfers, systemAccountId, type TransferInput } from '../ledger/ledger';
import { notifyOrderChanged } from '../ledger/orderEvents';
import { findOrder, transition, type Order, type OrderRow } from '../ledger/orders';
import { withdrawalRefs } from '../ledger/references';
import { automaticLimitInForce } from './withdrawalApprovals';

/**
 * A withdrawal's payout to the player's bank. It leaves through the outbox (outbox.ts, kind PAYOUT,
 * reference = the order code): the payout bank is a system outside our transactions, like a provider.
 * Stages (the order's `payout`): RECEIVED (held, waiting: for the operator, or for the provider's OUT when
 * automatic) → PROCESSING (startPayoutIn: the ledger legs posted, the payout on its way) → PAID (the bank
 * answered: SUCCESS) or RETURNED (rejected, or the provider refused the OUT: the credit is back).
 */

export interface AutomaticPayoutInput {
  playerId: string;
  credit: number;
  /** When the bank account paid to was added. */
  accountCreatedAt: string;
  /** A promotion usage is in force for the player. */
  promotionInUse: boolean;
  /** The risk rules the withdrawal met (withdrawalRisk.ts). */
  riskTags: readonly string[];
}

/** Why a withdrawal waits for the operator instead of being paid automatically (the contract's reasons). */
export type PayoutReviewReason = NonNullable<NonNullable<Order['payout']>['review']>['reason'];

/**
 * Why a new withdrawal needs an operator, or null when it is paid without one: automatic payouts off
 * (the limit 0), over the automatic limit (the owner's, else AUTO_WITHDRAW_MAX_SATANG, and never above the
 * four-eyes amount), a promotion in use, or a risk flag: a bank
 * account added less than AUTO_WITHDRAW_NEW_ACCOUNT_HOURS ago, more than AUTO_WITHDRAW_MAX_PER_HOUR
 * withdrawals in the last hour counting this one, or a risk rule met (RISK_REVIEW: the player is not told
 * which). The first that applies, in that order.
 */
export async function payoutReviewReason(
  q: Queryable,
  config: Pick<Config, 'autoWithdrawMaxSatang' | 'autoWithdrawNewAccountHours' | 'autoWithdrawMaxPerHour'>,
  input: AutomaticPayoutInput,
): Promise<PayoutReviewReason | null> {
  // The owner's setting in the back office wins over the server's default; neither goes above four eyes.
  const max = await automaticLimitInForce(q, config.autoWithdrawMaxSatang);
  if (max <= 0) return 'AUTOMATIC_OFF';
  if (input.credit > max) return 'OVER_AUTOMATIC_LIMIT';
  if (input.promotionInUse) return 'PROMOTION_IN_USE';
  const accountAgeMs = (await clockNow(q)).getTime() - new Date(input.accountCreatedAt).getTime();
  if (accountAgeMs < config.autoWithdrawNewAccountHours * 3_600_000) return 'NEW_BANK_ACCOUNT';
  const recent = await q.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM orders
     WHERE player_id = $1 AND kind = 'WITHDRAW' AND created_at > app_now() - interval '1 hour'`,
    [input.playerId],
  );
  if (toInt(recent.rows[0]!.n) + 1 > config.autoWithdrawMaxPerHour) return 'MANY_WITHDRAWALS';
  return input.riskTags.length > 0 ? 'RISK_REVIEW' : null;
}

/**
 * The payout leaves, in the caller's transaction, with the order row locked by the caller and OPEN: the
 * held credit goes through the exchange (THB in, LAK out at the order's rate) to payout clearing, credit
 * above a promotion's maximum goes back to promotion liability, and the order shows PROCESSING. Once only:
 * the legs have their own references and the stage is set only when it is not yet.
 */
export async function startPayoutIn(q: Queryable, order: OrderRow): Promise<void> {
  const code = order.code;
  const credit = toInt(order.credit);
  const returned = toInt(order.returned_credit);
  const hold = await systemAccountId(q, 'withdraw_hold', 'THB');
  const exchangeThb = await systemAccountId(q, 'exchange', 'THB');
  const exchangeLak = await systemAccountId(q, 'exchange', 'LAK');
  const payout = await systemAccountId(q, 'payout_clearing', 'LAK');
  const transfers: TransferInput[] = [
    {
      reference: withdrawalRefs(code).payThb,
      kind: 'WITHDRAW',
      debitAccountId: hold,
      creditAccountId: exchangeThb,
      amount: credit - returned,
      orderCode: code,
      rate: order.rate,
    },
    {
      reference: withdrawalRefs(code).payLak,
      kind: 'WITHDRAW',
      debitAccountId: exchangeLak,
      creditAccountId: payout,
      amount: toInt(order.amount),
      orderCode: code,
      rate: order.rate,
    },
  ];
  if (returned > 0) {
    const liability = await systemAccountId(q, 'promotion_liability', 'THB');
    transfers.push({
      reference: withdrawalRefs(code).returned,
      kind: 'PROMOTION_RETURN',
      debitAccountId: hold,
      creditAccountId: liability,
      amount: returned,
      orderCode: code,
      rate: order.rate,
    });
  }
  await postTransfers(q, transfers);
  const started = await q.query(
    `UPDATE orders SET payout_started_at = app_now(), updated_at = app_now() WHERE code = $1 AND payout_started_at IS NULL`,
    [code],
  );
  if (started.rowCount === 1) await notifyOrderChanged(q, { playerId: order.player_id, code });
}

/**
 * Before the payout bank is called (outbox.ts), in one transaction: the order is locked, started if it is
 * not yet (an automatic payout starts here) and its payout request returned. Undefined when the order is
 * no longer OPEN (rejected or failed meanwhile): nothing is to be paid.
 */
export async function preparePayoutIn(q: Queryable, code: string): Promise<PayoutRequest | undefined> {
  const order = await findOrder(q, code, { forUpdate: true });
  if (!order || order.kind !== 'WITHDRAW' || order.status !== 'OPEN') return undefined;
  await startPayoutIn(q, order);
  return payoutRequest(q, order, order.bank_account_id);
}

/** What the payout bank is asked to pay for an order: its LAK amount, to the bank account given. */
export async function payoutRequest(
  q: Queryable,
  order: OrderRow,
  bankAccountId: string | null,
): Promise<PayoutRequest> {
  const account = bankAccountId ? await findBankAccount(q, bankAccountId) : undefined;
  if (!account) throw new Error(`order ${order.code} has no bank account to pay`);
  return {
    orderCode: order.code,
    bank: account.bank,
    accountNumber: account.accountNumber,
    accountName: account.accountName,
    amountLak: toInt(order.amount),
  };
}

/** The bank paid: PROCESSING → SUCCESS (stage PAID) with the payout reference, in the caller's transaction. */
export async function completePayoutIn(q: Queryable, code: string, bankReference: string): Promise<void> {
  await transition(q, code, 'OPEN', 'SUCCESS', { bankReference });
}
