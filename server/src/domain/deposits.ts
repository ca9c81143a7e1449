import { depositCredit } from '@core/conversion';
import { buildLaoQr } from '@core/laoQr';
import type { ProviderCode } from '../adapters';
import { verifySignature } from '../adapters/paymentSignature';
import type { AppContext } from '../context';
import { crashPoint } from '../crashPoints';
import type { components } from '../contract/types';
import type { Queryable } from '../db/types';
import { DomainError } from '../errors';
import { findBank } from './bankAccounts';
import { findPaymentMethod } from './currencies';
import { toInt, toIso, isUniqueViolation } from '../db/values';
import { lockAccounts, playerAccountId, postTransfers, systemAccountId } from './ledger';
import {
  expireDeposits,
  findOrder,
  listOpenOrders,
  listOrdersPage,
  newOrderCode,
  ORDER_COLUMNS,
  toOrder,
  transition,
  type Order,
  type OrderRow,
} from './orders';
import { bonusFor, checkDeposit } from './promotionRules';
import { endUsage, promotionTerms, usageInForce } from './promotions';

type CreateDeposit = components['schemas']['CreateDepositRequest'];
type DepositQr = components['schemas']['DepositQr'];
type PaymentCallback = components['schemas']['PaymentCallback'];

/** What the agency's LAO QR shows; the merchant id is the payment method's mid. */
export const MERCHANT = { name: 'LAO STAR', city: 'VIENTIANE', mcc: '7995', paymentType: '001' } as const;

function qrOf(row: OrderRow): DepositQr {
  return {
    code: row.code,
    qrText: row.qr_text ?? '',
    amount: toInt(row.amount),
    currency: 'LAK',
    expiresAt: toIso(row.expires_at),
  };
}

/**
 * Opens a deposit order paid by a dynamic LAO QR (bill number = order code). Credit is fixed now at the
 * method's sell rate (DEPOSIT conversion, floored) and recorded with the rate on the order.
 */
export async function createDeposit(
  ctx: AppContext,
  playerId: string,
  input: CreateDeposit,
): Promise<{ order: Order; qr: DepositQr }> {
  return ctx.db.tx((q) => createDepositIn(ctx, q, playerId, input));
}

/** createDeposit inside the caller's transaction q (withIdempotency's, so the key commits with the order). */
export async function createDepositIn(
  ctx: AppContext,
  q: Queryable,
  playerId: string,
  input: CreateDeposit,
): Promise<{ order: Order; qr: DepositQr }> {
  const { config, adapters } = ctx;
  if (input.amount < config.depositMinLak || input.amount > config.depositMaxLak) {
    throw new DomainError(
      'AMOUNT_OUT_OF_RANGE',
      `A deposit is between ${config.depositMinLak} and ${config.depositMaxLak} LAK`,
    );
  }
  const method = await findPaymentMethod(q, input.mid);
  if (!method || method.currency !== 'LAK')
    throw new DomainError('PAYMENT_METHOD_NOT_FOUND', 'No such payment method');
  const bank = await findBank(q, input.bank);
  if (!bank)
    throw new DomainError('VALIDATION_ERROR', 'Unknown bank', [{ field: 'bank', message: 'unknown bank' }]);
  const credit = depositCredit(input.amount, method.sell);
  if (credit <= 0) throw new DomainError('AMOUNT_OUT_OF_RANGE', 'The amount buys no credit');

  await expireDeposits(q, playerId);
  const open = await q.query(
    `SELECT 1 FROM orders WHERE player_id = $1 AND kind = 'DEPOSIT' AND status = 'OPEN'`,
    [playerId],
  );
  if (open.rows.length > 0) throw new DomainError('OPEN_ORDER', 'Close the open deposit order first');

  const inForce = await usageInForce(q, playerId, true);
  const providerCredit = inForce ? await adapters.providers[input.provider].balance(q, playerId) : 0;
  const decision = checkDeposit(inForce?.usage, inForce?.terms, {
    provider: input.provider,
    amount: input.amount,
    providerCredit,
  });
  if (decision.kind === 'ends-usage') await endUsage(q, decision.usageId, 'SUCCESS');

  const code = newOrderCode('DEPOSIT');
  const qrText = buildLaoQr({
    acquirerIin: bank.acquirer_iin,
    merchantId: method.mid,
    paymentType: MERCHANT.paymentType,
    mcc: MERCHANT.mcc,
    amountLak: input.amount,
    billNumber: code,
    merchantName: MERCHANT.name,
    merchantCity: MERCHANT.city,
  });
  let row: OrderRow;
  try {
    const r = await q.query<OrderRow>(
      `INSERT INTO orders (code, kind, player_id, provider, amount, currency, credit, rate, status, bank, mid, usage_id, qr_text, expires_at)
       VALUES ($1, 'DEPOSIT', $2, $3, $4, 'LAK', $5, $6, 'OPEN', $7, $8, $9, $10, now() + make_interval(mins => $11)) RETURNING ${ORDER_COLUMNS}`,
      [
        code,
        playerId,
        input.provider,
        input.amount,
        credit,
        method.sell,
        bank.code,
        method.mid,
        decision.kind === 'qualifying' ? decision.usageId : null,
        qrText,
        config.depositExpiryMinutes,
      ],
    );
    row = r.rows[0]!;
  } catch (err) {
    if (isUniqueViolation(err, 'orders_one_open_deposit'))
      throw new DomainError('OPEN_ORDER', 'Close the open deposit order first');
    throw err;
  }
  const expiresAt = new Date(toIso(row.expires_at));
  await adapters.gateway.createQr(q, {
    billNumber: code,
    merchantId: method.mid,
    amountLak: input.amount,
    expiresAt,
  });
  return { order: toOrder(row), qr: qrOf(row) };
}

async function playerDeposit(q: Queryable, playerId: string, code: string): Promise<OrderRow> {
  const row = await findOrder(q, code, { playerId });
  if (!row || row.kind !== 'DEPOSIT') throw new DomainError('ORDER_NOT_FOUND', 'No such deposit order');
  return row;
}

export async function getDepositQr(ctx: AppContext, playerId: string, code: string): Promise<DepositQr> {
  await expireDeposits(ctx.db, playerId);
  const row = await playerDeposit(ctx.db, playerId, code);
  if (row.status !== 'OPEN') throw new DomainError('ORDER_CLOSED', 'This deposit order is closed');
  return qrOf(row);
}

export async function listOpenDeposits(ctx: AppContext, playerId: string): Promise<Order[]> {
  await expireDeposits(ctx.db, playerId);
  return listOpenOrders(ctx.db, playerId, 'DEPOSIT');
}

export async function listDeposits(ctx: AppContext, playerId: string, page: number, pageSize: number) {
  await expireDeposits(ctx.db, playerId);
  return listOrdersPage(ctx.db, playerId, 'DEPOSIT', page, pageSize);
}

export async function cancelDeposit(ctx: AppContext, playerId: string, code: string): Promise<Order> {
  await playerDeposit(ctx.db, playerId, code);
  const row = await transition(ctx.db, code, 'OPEN', 'CANCELED');
  if (!row) throw new DomainError('ORDER_CLOSED', 'This deposit order is no longer open');
  return toOrder(row);
}

/** Operator: an open deposit that will not be paid. */
export async function failDeposit(ctx: AppContext, code: string): Promise<Order> {
  const row = await transition(ctx.db, code, 'OPEN', 'FAILED');
  if (!row) throw new DomainError('ORDER_CLOSED', 'This deposit order is not open');
  return toOrder(row);
}

/**
 * Asks the gateway about an open order: paid → credited now (SUCCESS); expired or failed → FAILED;
 * still pending → 409 DEPOSIT_NOT_PAID.
 */
export async function checkDepositOrder(ctx: AppContext, playerId: string, code: string): Promise<Order> {
  const row = await playerDeposit(ctx.db, playerId, code);
  if (row.status === 'SUCCESS') return toOrder(row);
  if (row.status !== 'OPEN') throw new DomainError('ORDER_CLOSED', 'This deposit order is closed');
  const answer = await ctx.adapters.gateway.query(ctx.db, code);
  if (answer.status === 'PENDING')
    throw new DomainError('DEPOSIT_NOT_PAID', 'The order is not paid yet; scan the QR');
  if (answer.status === 'SUCCESS') {
    await applyPayment(ctx, {
      billNumber: code,
      reference: answer.reference ?? `QUERY-${code}`,
      amount: answer.amount ?? toInt(row.amount),
      currency: 'LAK',
      status: 'SUCCESS',
      paidAt: (answer.paidAt ?? new Date()).toISOString(),
    });
  } else {
    await transition(ctx.db, code, 'OPEN', 'FAILED');
  }
  return toOrder((await findOrder(ctx.db, code))!);
}

export type PaymentOutcome = 'APPLIED' | 'DUPLICATE' | 'IGNORED' | 'UNMATCHED';

/**
 * One confirmed payment, from the bank's callback or from a gateway query. Exactly once per bank
 * reference: the payment_callbacks primary key lets one delivery in, the others see DUPLICATE. For the
 * delivery that gets in, everything happens in one transaction: OPEN → PAID, the ledger legs, the
 * provider transfer, the promotion bonus, PAID → SUCCESS.
 */
export async function applyPayment(ctx: AppContext, payment: PaymentCallback): Promise<PaymentOutcome> {
  const outcome = await ctx.db.tx(async (q) => {
    const result = await applyPaymentIn(ctx, q, payment);
    crashPoint('applyPayment:before-commit');
    return result;
  });
  crashPoint('applyPayment:after-commit');
  return outcome;
}

/** applyPayment inside the caller's transaction q. */
export async function applyPaymentIn(
  ctx: AppContext,
  q: Queryable,
  payment: PaymentCallback,
): Promise<PaymentOutcome> {
  const order = await findOrder(q, payment.billNumber, { forUpdate: true });
  if (!order || order.kind !== 'DEPOSIT')
    throw new DomainError('ORDER_NOT_FOUND', 'No deposit order has this bill number');
  if (
    payment.status === 'SUCCESS' &&
    (payment.amount !== toInt(order.amount) || payment.currency !== order.currency)
  ) {
    throw new DomainError('VALIDATION_ERROR', 'The paid amount does not match the order', [
      { field: 'amount', message: `expected ${toInt(order.amount)} ${order.currency}` },
    ]);
  }
  const outcome: PaymentOutcome =
    payment.status !== 'SUCCESS' ? 'IGNORED' : order.status === 'OPEN' ? 'APPLIED' : 'UNMATCHED';
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
  // A failed attempt leaves the order open (the player may pay again); a payment for a closed order is
  // kept in payment_callbacks as UNMATCHED for the operator to refund.
  if (outcome !== 'APPLIED') return outcome;
  const paid = await transition(q, order.code, 'OPEN', 'PAID', { bankReference: payment.reference });
  if (!paid) return 'UNMATCHED';
  await creditDeposit(ctx, q, paid);
  return 'APPLIED';
}

async function creditDeposit(ctx: AppContext, q: Queryable, order: OrderRow): Promise<void> {
  const provider = order.provider as ProviderCode;
  const amount = toInt(order.amount);
  const credit = toInt(order.credit);
  // Lock order: order row (caller), promotion usage, ledger accounts, provider wallet.
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
      reference: `dep:${order.code}:bank`,
      kind: 'DEPOSIT',
      debitAccountId: bankClearing,
      creditAccountId: exchangeLak,
      amount,
      orderCode: order.code,
      rate: order.rate,
    },
    {
      reference: `dep:${order.code}:credit`,
      kind: 'DEPOSIT',
      debitAccountId: exchangeThb,
      creditAccountId: player,
      amount: credit,
      orderCode: order.code,
      rate: order.rate,
    },
  ]);
  await ctx.adapters.providers[provider].transferIn(q, order.player_id, credit, `dep:${order.code}`);

  // The qualifying deposit of a claimed promotion: the bonus comes from promotion liability.
  let bonus = 0;
  const terms = usage && (await promotionTerms(q, usage.promotion_id));
  if (terms) {
    bonus = bonusFor(credit, terms);
    await q.query(
      `UPDATE promotion_usages SET status = 'USED', deposit_credit = $2, bonus_credit = $3, order_code = $4 WHERE id = $1`,
      [order.usage_id, credit, bonus, order.code],
    );
    if (bonus > 0) {
      await postTransfers(q, [
        {
          reference: `bonus:${order.code}`,
          kind: 'PROMOTION_BONUS',
          debitAccountId: liability,
          creditAccountId: player,
          amount: bonus,
          orderCode: order.code,
        },
      ]);
      await ctx.adapters.providers[provider].transferIn(q, order.player_id, bonus, `bonus:${order.code}`);
    }
  }
  await transition(q, order.code, 'PAID', 'SUCCESS', { bonusCredit: bonus });
}

/** receivePaymentCallback: the signature first, then the payment, once by bank reference. */
export async function receivePaymentCallback(
  ctx: AppContext,
  rawBody: string,
  signature: string,
  payment: PaymentCallback,
): Promise<PaymentOutcome> {
  if (!verifySignature(ctx.config.gatewaySecret, rawBody, signature))
    throw new DomainError('INVALID_SIGNATURE', 'The callback signature is not valid');
  return applyPayment(ctx, payment);
}

/**
 * Whether a deposit order can take a payment of this amount: it exists, is open, has not expired and asks
 * for exactly this much. A payer checks this before paying; a payment that arrives anyway is kept as
 * UNMATCHED by applyPayment for the operator to refund.
 */
export async function checkPayable(q: Queryable, billNumber: string, amountLak: number): Promise<void> {
  const order = await findOrder(q, billNumber);
  if (!order || order.kind !== 'DEPOSIT')
    throw new DomainError('ORDER_NOT_FOUND', 'No deposit order has this bill number');
  if (order.status !== 'OPEN') throw new DomainError('ORDER_CLOSED', 'This deposit order is closed');
  if (order.expires_at && new Date(toIso(order.expires_at)) < new Date()) {
    throw new DomainError('ORDER_EXPIRED', 'This deposit order has expired');
  }
  if (amountLak !== toInt(order.amount))
    throw new DomainError('QR_INVALID', 'The QR amount does not match the order');
}
