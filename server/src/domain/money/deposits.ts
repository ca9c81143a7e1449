import { clockNow } from '../../clock';
import { depositBounds } from '../players/depositBounds';
import { depositCredit } from '@core/conversion';
import { buildLaoQr } from '@core/laoQr';
import { verifySignature } from '../../adapters/paymentSignature';
import type { AppContext } from '../../context';
import type { components } from '@core/contract';
import type { Queryable } from '../../db/types';
import { DomainError } from '../../errors';
import { findBank } from '../players/bankAccounts';
import { findPaymentMethod } from '../ledger/currencies';
import { playerBalance } from '../ledger/ledger';
import { toInt, toIso, isUniqueViolation } from '../../db/values';
import {
  findOrder,
  listOpenOrders,
  listOrdersPage,
  newOrderCode,
  ORDER_COLUMNS,
  toOrder,
  transition,
  type Order,
  type OrderRow,
} from '../ledger/orders';
import { settleDeposit, settleExpiredDeposits, settlePlayerExpiredDeposits } from './payments';
import { checkDeposit } from '../promotions/promotionRules';
import { endUsage, usageInForce } from '../promotions/promotionUsages';
import { lockPlayer } from '../players/players';
import { assertMayDeposit } from '../protection/protectionChecks';
import { notifyStaff } from '../ledger/staffEvents';

type CreateDeposit = components['schemas']['CreateDepositRequest'];
type DepositQr = components['schemas']['DepositQr'];

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
 * Runs inside the caller's transaction q (the money runner's, so the Idempotency-Key commits with the order).
 */
export async function createDepositIn(
  ctx: AppContext,
  q: Queryable,
  playerId: string,
  input: CreateDeposit,
): Promise<{ order: Order; qr: DepositQr }> {
  const { config, adapters } = ctx;
  // Player protection first (docs/protection.md): an excluded player, or one over a limit, is refused. Under
  // the player's lock, so a payment arriving for a closed order is weighed after this order, or before it.
  await lockPlayer(q, playerId);
  await assertMayDeposit(q, playerId, input.amount, await clockNow(q));
  const bounds = await depositBounds(q, config);
  if (input.amount < bounds.min || input.amount > bounds.max) {
    throw new DomainError('AMOUNT_OUT_OF_RANGE', `A deposit is between ${bounds.min} and ${bounds.max} LAK`);
  }
  const method = await findPaymentMethod(q, input.mid);
  if (!method || method.currency !== 'LAK')
    throw new DomainError('PAYMENT_METHOD_NOT_FOUND', 'No such payment method');
  const bank = await findBank(q, input.bank);
  if (!bank)
    throw new DomainError('VALIDATION_ERROR', 'Unknown bank', [{ field: 'bank', message: 'unknown bank' }]);
  const credit = depositCredit(input.amount, method.sell);
  if (credit <= 0) throw new DomainError('AMOUNT_OUT_OF_RANGE', 'The amount buys no credit');

  await settleExpiredDeposits(ctx, q, playerId);
  const open = await q.query(
    `SELECT 1 FROM orders WHERE player_id = $1 AND kind = 'DEPOSIT' AND status = 'OPEN'`,
    [playerId],
  );
  if (open.rows.length > 0) throw new DomainError('OPEN_ORDER', 'Close the open deposit order first');

  const inForce = await usageInForce(q, playerId, true);
  // The ledger's figure: no provider call inside a transaction (game results are booked on every credit read).
  const providerCredit = inForce ? await playerBalance(q, playerId, input.provider) : 0;
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
       VALUES ($1, 'DEPOSIT', $2, $3, $4, 'LAK', $5, $6, 'OPEN', $7, $8, $9, $10, app_now() + make_interval(mins => $11)) RETURNING ${ORDER_COLUMNS}`,
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
  await notifyStaff(q, { event: 'order', code });
  return { order: toOrder(row), qr: qrOf(row) };
}

async function playerDeposit(q: Queryable, playerId: string, code: string): Promise<OrderRow> {
  const row = await findOrder(q, code, { playerId });
  if (!row || row.kind !== 'DEPOSIT') throw new DomainError('ORDER_NOT_FOUND', 'No such deposit order');
  return row;
}

export async function getDepositQr(ctx: AppContext, playerId: string, code: string): Promise<DepositQr> {
  await settlePlayerExpiredDeposits(ctx, playerId);
  const row = await playerDeposit(ctx.db, playerId, code);
  if (row.status !== 'OPEN') throw new DomainError('ORDER_CLOSED', 'This deposit order is closed');
  return qrOf(row);
}

export async function listOpenDeposits(ctx: AppContext, playerId: string): Promise<Order[]> {
  await settlePlayerExpiredDeposits(ctx, playerId);
  return listOpenOrders(ctx.db, playerId, 'DEPOSIT');
}

export async function listDeposits(ctx: AppContext, playerId: string, page: number, pageSize: number) {
  await settlePlayerExpiredDeposits(ctx, playerId);
  return listOrdersPage(ctx.db, playerId, 'DEPOSIT', page, pageSize);
}

/** Cancels the player's open deposit order, inside the caller's transaction (the order's state keeps it once). */
export async function cancelDepositIn(q: Queryable, playerId: string, code: string): Promise<Order> {
  await playerDeposit(q, playerId, code);
  const row = await transition(q, code, 'OPEN', 'CANCELED');
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
 * Asks the gateway about the player's open order, inside the caller's transaction: paid → credited now
 * (SUCCESS); expired or failed → FAILED; still pending → 409 DEPOSIT_NOT_PAID (nothing was written). An
 * order already credited answers as it is.
 */
export async function checkDepositIn(
  ctx: AppContext,
  q: Queryable,
  playerId: string,
  code: string,
): Promise<Order> {
  const row = await playerDeposit(q, playerId, code);
  if (row.status === 'SUCCESS') return toOrder(row);
  if (row.status !== 'OPEN') throw new DomainError('ORDER_CLOSED', 'This deposit order is closed');
  if ((await settleDeposit(ctx, q, code, false)) === 'PENDING')
    throw new DomainError('DEPOSIT_NOT_PAID', 'The order is not paid yet; scan the QR');
  return toOrder((await findOrder(q, code))!);
}

/** A bank's payment callback: its signature is checked over the exact bytes the bank sent. */
export function assertSignedByGateway(ctx: AppContext, rawBody: string, signature: string): void {
  if (!verifySignature(ctx.config.gatewaySecret, rawBody, signature))
    throw new DomainError('INVALID_SIGNATURE', 'The callback signature is not valid');
}

/**
 * Whether a deposit order can take a payment of this amount: it exists, is open, has not expired and asks
 * for exactly this much. A payer checks this before paying; a payment that arrives anyway is kept as
 * UNMATCHED by applyPaymentIn for the operator to refund.
 */
export async function checkPayable(q: Queryable, billNumber: string, amountLak: number): Promise<void> {
  const order = await findOrder(q, billNumber);
  if (!order || order.kind !== 'DEPOSIT')
    throw new DomainError('ORDER_NOT_FOUND', 'No deposit order has this bill number');
  if (order.status !== 'OPEN') throw new DomainError('ORDER_CLOSED', 'This deposit order is closed');
  if (order.expires_at && new Date(toIso(order.expires_at)) < (await clockNow(q))) {
    throw new DomainError('ORDER_EXPIRED', 'This deposit order has expired');
  }
  if (amountLak !== toInt(order.amount))
    throw new DomainError('QR_INVALID', 'The QR amount does not match the order');
}
