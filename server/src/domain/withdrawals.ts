import { withdrawAmount } from '@core/conversion';
import type { ProviderCode } from '../adapters';
import { ProviderInsufficientCredit } from '../adapters/types';
import type { AppContext } from '../context';
import type { components } from '@core/contract';
import type { Queryable } from '../db/types';
import { DomainError } from '../errors';
import { playerProviderAccounts, reconcileProviderCredit } from './accounts';
import { findBankAccount, hasBankAccount } from './bankAccounts';
import { findPaymentMethod } from './currencies';
import { toInt } from '../db/values';
import { InsufficientFunds, lockAccounts, postTransfers, systemAccountId } from './ledger';
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
} from './orders';
import { checkWithdraw, withdrawLimits } from './promotionRules';
import { endUsage, usageInForce } from './promotions';

type CreateWithdraw = components['schemas']['CreateWithdrawRequest'];

/** The payment method whose buy rate prices withdrawals. */
export const WITHDRAW_MID = 'MID-LAOQR-01';

/**
 * Opens a withdraw order. In one transaction: the ledger catches up with the provider (game results),
 * the credit moves player → withdraw_hold, the provider releases it (transferOut) and the OPEN order is
 * written with its LAK amount (WITHDRAW conversion at the buy rate, floored). Either all of it or none.
 */
export async function createWithdraw(
  ctx: AppContext,
  playerId: string,
  input: CreateWithdraw,
): Promise<Order> {
  return ctx.db.tx((q) => createWithdrawIn(ctx, q, playerId, input));
}

/** createWithdraw inside the caller's transaction q (withIdempotency's, so the key commits with the hold). */
export async function createWithdrawIn(
  ctx: AppContext,
  q: Queryable,
  playerId: string,
  input: CreateWithdraw,
): Promise<Order> {
  const { config, adapters } = ctx;
  const provider = input.provider;
  if (!(await hasBankAccount(q, playerId)))
    throw new DomainError('BANK_ACCOUNT_REQUIRED', 'Add a bank account first');
  const account = await findBankAccount(q, input.bankAccountId);
  if (!account || account.playerId !== playerId)
    throw new DomainError('ACCOUNT_NOT_FOUND', 'Invalid account');
  if (input.credit < config.withdrawMinSatang || input.credit > config.withdrawMaxSatang) {
    throw new DomainError(
      'AMOUNT_OUT_OF_RANGE',
      `A withdrawal is between ${config.withdrawMinSatang} and ${config.withdrawMaxSatang} satang`,
    );
  }
  const method = await findPaymentMethod(q, WITHDRAW_MID);
  if (!method) throw new DomainError('WITHDRAW_NOT_ALLOWED', 'Withdrawals are not available now');

  const inForce = await usageInForce(q, playerId, true);
  const { player, float } = await playerProviderAccounts(q, playerId, provider);
  const hold = await systemAccountId(q, 'withdraw_hold', 'THB');
  await lockAccounts(q, [player, float, hold]);
  const available = await reconcileProviderCredit(q, adapters, playerId, provider);
  if (available < input.credit) throw new DomainError('CREDIT_NOT_ENOUGH', 'Credit not enough');

  const limits = withdrawLimits(inForce?.usage, inForce?.terms, provider, available);
  const { returnedCredit } = checkWithdraw(limits, input.credit, available);
  const amount = withdrawAmount(input.credit - returnedCredit, method.buy);
  if (amount <= 0) throw new DomainError('AMOUNT_OUT_OF_RANGE', 'The withdrawal pays out nothing');

  const code = newOrderCode('WITHDRAW');
  try {
    await postTransfers(q, [
      {
        reference: `wd:${code}:hold`,
        kind: 'WITHDRAW_HOLD',
        debitAccountId: player,
        creditAccountId: hold,
        amount: input.credit,
        orderCode: code,
      },
    ]);
    await adapters.providers[provider].transferOut(q, playerId, input.credit, `wd:${code}`);
  } catch (err) {
    if (err instanceof InsufficientFunds || err instanceof ProviderInsufficientCredit)
      throw new DomainError('CREDIT_NOT_ENOUGH', 'Credit not enough');
    throw err;
  }
  const r = await q.query<OrderRow>(
    `INSERT INTO orders (code, kind, player_id, provider, amount, currency, credit, returned_credit, rate, status, bank, bank_account_id, usage_id)
     VALUES ($1, 'WITHDRAW', $2, $3, $4, 'LAK', $5, $6, $7, 'OPEN', $8, $9, $10) RETURNING ${ORDER_COLUMNS}`,
    [
      code,
      playerId,
      provider,
      amount,
      input.credit,
      returnedCredit,
      method.buy,
      account.bank,
      account.id,
      limits.hasPromotion && limits.maxCredit > 0 ? inForce!.usage.id : null,
    ],
  );
  return toOrder(r.rows[0]!);
}

export async function listWithdraws(ctx: AppContext, playerId: string, page: number, pageSize: number) {
  return listOrdersPage(ctx.db, playerId, 'WITHDRAW', page, pageSize);
}

export async function listOpenWithdraws(ctx: AppContext, playerId: string): Promise<Order[]> {
  return listOpenOrders(ctx.db, playerId, 'WITHDRAW');
}

async function openWithdraw(ctx: AppContext, code: string) {
  const row = await findOrder(ctx.db, code);
  if (!row || row.kind !== 'WITHDRAW') throw new DomainError('ORDER_NOT_FOUND', 'No such withdraw order');
  return row;
}

/**
 * Operator approves: OPEN → SUCCESS once (status guard under the row lock). The held credit leaves
 * through the exchange (THB in, LAK out at the order's rate) to payout clearing; credit above the
 * promotion maximum goes back to promotion liability; the payout bank is told to pay; the promotion
 * usage behind the withdrawal ends SUCCESS.
 */
export async function approveWithdraw(ctx: AppContext, code: string): Promise<Order> {
  await openWithdraw(ctx, code);
  return ctx.db.tx(async (q) => {
    const order = (await findOrder(q, code, { forUpdate: true }))!;
    if (order.status !== 'OPEN') throw new DomainError('ORDER_CLOSED', `The order is ${order.status}`);
    // Lock order: order row, promotion usage, ledger accounts (the same order every operation uses).
    if (order.usage_id)
      await q.query('SELECT 1 FROM promotion_usages WHERE id = $1 FOR UPDATE', [order.usage_id]);
    const credit = toInt(order.credit);
    const returned = toInt(order.returned_credit);
    const hold = await systemAccountId(q, 'withdraw_hold', 'THB');
    const exchangeThb = await systemAccountId(q, 'exchange', 'THB');
    const exchangeLak = await systemAccountId(q, 'exchange', 'LAK');
    const payout = await systemAccountId(q, 'payout_clearing', 'LAK');
    const liability = await systemAccountId(q, 'promotion_liability', 'THB');
    const transfers = [
      {
        reference: `wd:${code}:pay-thb`,
        kind: 'WITHDRAW',
        debitAccountId: hold,
        creditAccountId: exchangeThb,
        amount: credit - returned,
        orderCode: code,
        rate: order.rate,
      },
      {
        reference: `wd:${code}:pay-lak`,
        kind: 'WITHDRAW',
        debitAccountId: exchangeLak,
        creditAccountId: payout,
        amount: toInt(order.amount),
        orderCode: code,
        rate: order.rate,
      },
    ];
    if (returned > 0) {
      transfers.push({
        reference: `wd:${code}:returned`,
        kind: 'PROMOTION_RETURN',
        debitAccountId: hold,
        creditAccountId: liability,
        amount: returned,
        orderCode: code,
        rate: order.rate,
      });
    }
    await postTransfers(q, transfers);
    const account = order.bank_account_id ? await findBankAccount(q, order.bank_account_id) : undefined;
    if (!account) throw new Error(`withdraw ${code} has no bank account`);
    const reference = await ctx.adapters.payout.pay(q, {
      orderCode: code,
      bank: account.bank,
      accountNumber: account.accountNumber,
      accountName: account.accountName,
      amountLak: toInt(order.amount),
    });
    if (order.usage_id) await endUsage(q, order.usage_id, 'SUCCESS');
    return toOrder((await transition(q, code, 'OPEN', 'SUCCESS', { bankReference: reference }))!);
  });
}

/** Operator rejects: OPEN → REJECTED once; the held credit goes back to the player and the provider. */
export async function rejectWithdraw(ctx: AppContext, code: string): Promise<Order> {
  await openWithdraw(ctx, code);
  return ctx.db.tx(async (q) => {
    const order = (await findOrder(q, code, { forUpdate: true }))!;
    if (order.status !== 'OPEN') throw new DomainError('ORDER_CLOSED', `The order is ${order.status}`);
    const provider = order.provider as ProviderCode;
    const { player, float } = await playerProviderAccounts(q, order.player_id, provider);
    const hold = await systemAccountId(q, 'withdraw_hold', 'THB');
    await lockAccounts(q, [player, float, hold]);
    const credit = toInt(order.credit);
    await postTransfers(q, [
      {
        reference: `wd:${code}:release`,
        kind: 'WITHDRAW_RELEASE',
        debitAccountId: hold,
        creditAccountId: player,
        amount: credit,
        orderCode: code,
      },
    ]);
    await ctx.adapters.providers[provider].transferIn(q, order.player_id, credit, `wd:${code}:release`);
    return toOrder((await transition(q, code, 'OPEN', 'REJECTED'))!);
  });
}
