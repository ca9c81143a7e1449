import { paymentCandidates } from './paymentCandidates';
import { clockNow } from '../../clock';
import { runStaffMoneyOperation, type StaffMoneyOperation } from '../ledger/moneyRunner';
import { appendAudit, type Actor } from '../ledger/audit';
import type { ProviderCode } from '../../adapters';
import type { GatewayQuery } from '../../adapters/types';
import type { AppContext } from '../../context';
import type { components } from '@core/contract';
import type { Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';
import { DomainError } from '../../errors';
import { lockAccounts, playerAccountId, postTransfers, systemAccountId } from '../ledger/ledger';
import { findOrder, transition, type OrderRow, type OrderStatus } from '../ledger/orders';
import { enqueueTransfer } from '../ledger/outbox';
import { deliverPending } from './outboxDelivery';
import { promotionBonus } from '@core/bonus';
import { promotionTerms } from '../promotions/promotionCatalogue';
import { returnPayment, returnReasonFor } from './paymentReturns';
import { lockPlayer } from '../players/players';
import { bonusRef, depositRefs } from '../ledger/references';
import { notifyStaff } from '../ledger/staffEvents';

type PaymentCallback = components['schemas']['PaymentCallback'];

/**
 * What became of one bank payment:
 * - APPLIED: it credited its order's player (an open order, or one the player cancelled or that expired),
 *   or, where the player's protection forbids playing it, it is on its way back to them (paymentReturns.ts);
 * - DUPLICATE: this bank reference was seen before (a repeated callback, or a callback after a query);
 * - IGNORED: a failed payment attempt, no money moved;
 * - UNMATCHED: money arrived that matches no order (unknown bill number, another amount, an order already
 *   paid): kept in payment_callbacks for the operator to refund or apply (`npm run ops -- payments`).
 * No payment is dropped: every SUCCESS either credits someone or waits for the operator.
 */
export type PaymentOutcome = 'APPLIED' | 'DUPLICATE' | 'IGNORED' | 'UNMATCHED';

/** Closed orders a payment still credits: the player's money arrived, so it is theirs. */
const CREDITABLE: readonly OrderStatus[] = ['OPEN', 'CANCELED', 'FAILED'];

/**
 * One bank payment, from the bank's callback, a gateway query or the reconciler, inside the caller's
 * transaction. Exactly once per bank reference: the payment_callbacks primary key lets one delivery in,
 * the others see DUPLICATE. For the delivery that gets in, everything happens in that one transaction: the
 * order → PAID, the ledger legs, the provider transfer, the promotion bonus, PAID → SUCCESS.
 */
export async function applyPaymentIn(
  ctx: AppContext,
  q: Queryable,
  payment: PaymentCallback,
): Promise<PaymentOutcome> {
  // The order row lock serialises this payment with a cancel, an expiry or another payment of the order.
  const order = await findOrder(q, payment.billNumber, { forUpdate: true });
  const matches =
    order !== undefined &&
    order.kind === 'DEPOSIT' &&
    payment.amount === toInt(order.amount) &&
    payment.currency === order.currency;
  const outcome: PaymentOutcome =
    payment.status !== 'SUCCESS'
      ? 'IGNORED'
      : matches && CREDITABLE.includes(order.status)
        ? 'APPLIED'
        : 'UNMATCHED';
  const recorded = await q.query(
    `INSERT INTO payment_callbacks (reference, bill_number, amount, currency, status, paid_at, outcome)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (reference) DO NOTHING`,
    [
      payment.reference,
      payment.billNumber,
      payment.amount,
      payment.currency,
      payment.status,
      payment.paidAt,
      outcome,
    ],
  );
  if (recorded.rowCount !== 1) return 'DUPLICATE';
  if (outcome === 'UNMATCHED') await notifyStaff(q, { event: 'payment', reference: payment.reference });
  // A failed attempt leaves the order open (the player may pay again).
  if (outcome !== 'APPLIED') return outcome;
  await creditOrder(q, order!, payment.reference);
  return 'APPLIED';
}

/**
 * The locked order (OPEN, CANCELED or FAILED) → PAID → SUCCESS with its credit; or, when the player's
 * protection says this money may not be played (paymentReturns.ts), → REJECTED with the money on its way
 * back to the player's bank. Under the player's lock, so two payments of one player are weighed against
 * the limits one at a time.
 */
async function creditOrder(q: Queryable, order: OrderRow, reference: string): Promise<void> {
  await lockPlayer(q, order.player_id);
  const reason = await returnReasonFor(q, order, await clockNow(q));
  if (reason) {
    await returnPayment(q, order, reference, reason);
    return;
  }
  const paid = await transition(q, order.code, order.status, 'PAID', {
    bankReference: reference,
    paidAfterClose: order.status !== 'OPEN',
    credited: true,
  });
  if (!paid) throw new Error(`order ${order.code} changed under its row lock`);
  await creditDeposit(q, paid);
}

/** After a payment's commit: the provider transfers of the order's player, delivered now if it answers. */
export async function deliverForOrder(ctx: AppContext, code: string): Promise<void> {
  const order = await findOrder(ctx.db, code);
  if (order) await deliverPending(ctx, order.player_id);
}

/** A gateway's answer about a paid order, as the payment it stands for. */
function paymentOf(order: OrderRow, answer: GatewayQuery): PaymentCallback {
  return {
    billNumber: order.code,
    reference: answer.reference ?? depositRefs(order.code).bankQuery,
    amount: answer.amount ?? toInt(order.amount),
    currency: 'LAK',
    status: 'SUCCESS',
    paidAt: (answer.paidAt ?? new Date()).toISOString(),
  };
}

export type Settlement = 'CREDITED' | 'PENDING' | 'FAILED' | 'SKIPPED';

/**
 * Asks the gateway about one open deposit and acts on its answer, in the caller's transaction: paid →
 * credited; expired or failed → FAILED; pending → FAILED only when `expireIfPending` (our expiry passed),
 * otherwise left open. The order is locked with SKIP LOCKED: another instance settling it, or a payment
 * being applied to it, makes this one skip it (SKIPPED).
 */
export async function settleDeposit(
  ctx: AppContext,
  q: Queryable,
  code: string,
  expireIfPending: boolean,
): Promise<Settlement> {
  const locked = await q.query<{ code: string }>(
    `SELECT code FROM orders WHERE code = $1 AND kind = 'DEPOSIT' AND status = 'OPEN' FOR UPDATE SKIP LOCKED`,
    [code],
  );
  if (locked.rows.length === 0) return 'SKIPPED';
  const order = (await findOrder(q, code))!;
  const answer = await ctx.adapters.gateway.query(q, code);
  if (answer.status === 'SUCCESS') {
    const outcome = await applyPaymentIn(ctx, q, paymentOf(order, answer));
    return outcome === 'APPLIED' ? 'CREDITED' : 'SKIPPED';
  }
  if (answer.status === 'PENDING' && !expireIfPending) return 'PENDING';
  await transition(q, code, 'OPEN', 'FAILED');
  return 'FAILED';
}

/**
 * Asks the gateway about a deposit closed without a payment (CANCELED or FAILED): a QR paid after all,
 * whose callback was lost, is credited now; otherwise the order only records when it was asked.
 */
export async function settleClosedDeposit(ctx: AppContext, q: Queryable, code: string): Promise<Settlement> {
  const locked = await q.query<{ code: string }>(
    `SELECT code FROM orders WHERE code = $1 AND kind = 'DEPOSIT' AND status IN ('CANCELED', 'FAILED')
     FOR UPDATE SKIP LOCKED`,
    [code],
  );
  if (locked.rows.length === 0) return 'SKIPPED';
  const order = (await findOrder(q, code))!;
  const answer = await ctx.adapters.gateway.query(q, code);
  if (answer.status === 'SUCCESS' && (await applyPaymentIn(ctx, q, paymentOf(order, answer))) === 'APPLIED')
    return 'CREDITED';
  await q.query('UPDATE orders SET gateway_checked_at = app_now() WHERE code = $1', [code]);
  return 'PENDING';
}

/**
 * Open deposits past their expiry, asked about before they close: a paid one is credited, the others
 * become FAILED. Called lazily whenever a player's deposits are read or a new one is created, and by the
 * reconciler for everyone.
 */
export async function settleExpiredDeposits(ctx: AppContext, q: Queryable, playerId?: string): Promise<void> {
  const expired = await q.query<{ code: string }>(
    `SELECT code FROM orders WHERE kind = 'DEPOSIT' AND status = 'OPEN' AND expires_at < app_now()
       AND ($1::uuid IS NULL OR player_id = $1::uuid) ORDER BY created_at LIMIT 100`,
    [playerId ?? null],
  );
  for (const { code } of expired.rows) await settleDeposit(ctx, q, code, true);
}

/**
 * settleExpiredDeposits for one player as their deposits are read: the transaction is opened only when one
 * of them has expired, which most reads find none has (one statement instead of three).
 */
export async function settlePlayerExpiredDeposits(ctx: AppContext, playerId: string): Promise<void> {
  const due = await ctx.db.query(
    `SELECT 1 FROM orders WHERE player_id = $1 AND kind = 'DEPOSIT' AND status = 'OPEN' AND expires_at < app_now() LIMIT 1`,
    [playerId],
  );
  if (due.rows.length > 0) await ctx.db.tx((q) => settleExpiredDeposits(ctx, q, playerId));
}

async function creditDeposit(q: Queryable, order: OrderRow): Promise<void> {
  const provider = order.provider as ProviderCode;
  const amount = toInt(order.amount);
  const credit = toInt(order.credit);
  // Lock order: order row (caller), promotion usage, ledger accounts.
  const usage = order.usage_id
    ? (
        await q.query<{ promotion_id: string }>(
          `SELECT promotion_id FROM promotion_usages WHERE id = $1 AND status = 'ACTIVE' FOR UPDATE`,
          [order.usage_id],
        )
      ).rows[0]
    : undefined;
  const bankClearing = await systemAccountId(q, 'bank_clearing', 'LAK');
  const exchangeLak = await systemAccountId(q, 'exchange', 'LAK');
  const exchangeThb = await systemAccountId(q, 'exchange', 'THB');
  const liability = await systemAccountId(q, 'promotion_liability', 'THB');
  const player = await playerAccountId(q, order.player_id, provider);
  await lockAccounts(q, [bankClearing, exchangeLak, exchangeThb, liability, player]);

  await postTransfers(q, [
    {
      reference: depositRefs(order.code).bank,
      kind: 'DEPOSIT',
      debitAccountId: bankClearing,
      creditAccountId: exchangeLak,
      amount,
      orderCode: order.code,
      rate: order.rate,
    },
    {
      reference: depositRefs(order.code).credit,
      kind: 'DEPOSIT',
      debitAccountId: exchangeThb,
      creditAccountId: player,
      amount: credit,
      orderCode: order.code,
      rate: order.rate,
    },
  ]);
  await enqueueTransfer(q, {
    reference: depositRefs(order.code).outbox,
    provider,
    playerId: order.player_id,
    direction: 'IN',
    amount: credit,
    kind: 'DEPOSIT',
    ledgerReference: depositRefs(order.code).credit,
  });

  // The qualifying deposit of a claimed promotion: the bonus comes from promotion liability.
  let bonus = 0;
  const terms = usage && (await promotionTerms(q, usage.promotion_id));
  if (terms) {
    bonus = promotionBonus(credit, terms);
    await q.query(
      `UPDATE promotion_usages SET status = 'USED', deposit_credit = $2, bonus_credit = $3, order_code = $4 WHERE id = $1`,
      [order.usage_id, credit, bonus, order.code],
    );
    if (bonus > 0) {
      await postTransfers(q, [
        {
          reference: bonusRef(order.code),
          kind: 'PROMOTION_BONUS',
          debitAccountId: liability,
          creditAccountId: player,
          amount: bonus,
          orderCode: order.code,
        },
      ]);
      await enqueueTransfer(q, {
        reference: bonusRef(order.code),
        provider,
        playerId: order.player_id,
        direction: 'IN',
        amount: bonus,
        kind: 'BONUS',
        ledgerReference: bonusRef(order.code),
      });
    }
  }
  await transition(q, order.code, 'PAID', 'SUCCESS', { bonusCredit: bonus });
}

export type UnmatchedPayment = components['schemas']['StaffUnmatchedPayment'];

/** Payments that matched no order and wait for the operator, oldest first. */
export async function listUnmatchedPayments(q: Queryable): Promise<UnmatchedPayment[]> {
  const r = await q.query<{
    reference: string;
    bill_number: string;
    amount: unknown;
    currency: string;
    paid_at: unknown;
    received_at: unknown;
  }>(
    `SELECT reference, bill_number, amount, currency, paid_at, received_at FROM payment_callbacks
     WHERE outcome = 'UNMATCHED' AND resolution IS NULL ORDER BY received_at`,
  );
  const payments = r.rows.map((row) => ({
    reference: row.reference,
    billNumber: row.bill_number,
    amount: toInt(row.amount),
    currency: row.currency,
    paidAt: toIso(row.paid_at),
    receivedAt: toIso(row.received_at),
  }));
  const found: UnmatchedPayment[] = [];
  for (const payment of payments) found.push({ ...payment, candidates: await paymentCandidates(q, payment) });
  return found;
}

async function lockUnmatched(q: Queryable, reference: string) {
  const r = await q.query<{ amount: unknown; currency: string }>(
    `SELECT amount, currency FROM payment_callbacks
     WHERE reference = $1 AND outcome = 'UNMATCHED' AND resolution IS NULL FOR UPDATE`,
    [reference],
  );
  if (!r.rows[0]) throw new DomainError('NOT_FOUND', `No unresolved unmatched payment ${reference}`);
  return { amount: toInt(r.rows[0].amount), currency: r.rows[0].currency };
}

/** Operator: the bank sent an unmatched payment back to the payer. No ledger movement: it never entered. */
export const refundStaffPayment: StaffMoneyOperation<{ reference: string }, void> = {
  async effect(_ctx, q, actor, { reference }) {
    const payment = await lockUnmatched(q, reference);
    await appendAudit(q, actor, {
      action: 'payment.refund',
      target: `payment:${reference}`,
      before: { resolution: null, ...payment },
      after: { resolution: 'REFUNDED' },
    });
    await q.query(
      `UPDATE payment_callbacks SET resolution = 'REFUNDED', resolved_at = app_now() WHERE reference = $1`,
      [reference],
    );
  },
};

export async function refundPayment(ctx: AppContext, reference: string, actor: Actor): Promise<void> {
  await runStaffMoneyOperation(ctx, 'refundStaffPayment', refundStaffPayment, actor, { reference });
}

/**
 * Operator: an unmatched payment belongs to this deposit order (the payer told support which): it credits
 * the order's player as the order's own payment would. The amounts must agree; an order already paid is
 * refused (refund the payment instead).
 */
export const applyStaffPayment: StaffMoneyOperation<{ reference: string; code: string }, void> = {
  async effect(_ctx, q, actor, { reference, code }) {
    const order = await findOrder(q, code, { forUpdate: true });
    if (!order || order.kind !== 'DEPOSIT')
      throw new DomainError('ORDER_NOT_FOUND', `No deposit order ${code}`);
    const payment = await lockUnmatched(q, reference);
    if (payment.amount !== toInt(order.amount) || payment.currency !== order.currency)
      throw new DomainError(
        'VALIDATION_ERROR',
        `The payment is ${payment.amount} ${payment.currency}, the order ${toInt(order.amount)} ${order.currency}`,
      );
    if (!CREDITABLE.includes(order.status))
      throw new DomainError('ORDER_CLOSED', `The order is ${order.status}: refund the payment instead`);
    await creditOrder(q, order, reference);
    await appendAudit(q, actor, {
      action: 'payment.apply',
      target: `payment:${reference}`,
      before: { resolution: null, ...payment, order: { code, status: order.status } },
      after: { resolution: 'APPLIED', order: code },
    });
    await q.query(
      `UPDATE payment_callbacks SET resolution = 'APPLIED', resolved_at = app_now(), resolved_order_code = $2
       WHERE reference = $1`,
      [reference, code],
    );
  },
};

export async function applyUnmatchedPayment(
  ctx: AppContext,
  reference: string,
  code: string,
  actor: Actor,
): Promise<void> {
  await runStaffMoneyOperation(ctx, 'applyStaffPayment', applyStaffPayment, actor, { reference, code });
}
