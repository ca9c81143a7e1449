import { withdrawAmount } from '@core/conversion';
import type { ProviderCode } from '../../adapters';
import type { AppContext } from '../../context';
import type { components } from '@core/contract';
import type { Queryable } from '../../db/types';
import { DomainError } from '../../errors';
import { playerProviderAccounts } from '../ledger/accounts';
import { findBankAccount, hasBankAccount } from '../players/bankAccounts';
import { providerCredit } from '../games/providerWallets';
import { findPaymentMethod } from '../ledger/currencies';
import { lockPlayer } from '../players/players';
import { toInt } from '../../db/values';
import { InsufficientFunds, lockAccounts, postTransfers, systemAccountId } from '../ledger/ledger';
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
  type RejectReason,
} from '../ledger/orders';
import { enqueueTransfer, hasPendingTransfer, transferState } from '../ledger/outbox';
import { deliverOne, deliverPending } from './outboxDelivery';
import { payoutReviewReason, startPayoutIn } from './payouts';
import { withdrawalRiskTags } from './withdrawalRisk';
import { withdrawLimits } from '@core/promotionLimits';
import { checkWithdraw } from '../promotions/promotionRules';
import { endUsage, usageInForce } from '../promotions/promotionUsages';
import { withdrawalRefs } from '../ledger/references';
import { assertRewardTurnoverMet } from '../rewards/rewardCredits';
import { appendAudit, type Actor } from '../ledger/audit';
import { recordApproval, type StaffActor } from './withdrawalApprovals';
import { notifyStaff } from '../ledger/staffEvents';
import { runStaffMoneyOperation, type StaffMoneyOperation } from '../ledger/moneyRunner';

type CreateWithdraw = components['schemas']['CreateWithdrawRequest'];

/** The payment method whose buy rate prices withdrawals. */
export const WITHDRAW_MID = 'MID-LAOQR-01';

/**
 * Before createWithdrawIn's transaction: the provider's game results are booked, so the ledger credit is
 * the player's whole credit. Refused while the provider does not answer or a round is open there.
 */
export async function prepareWithdraw(
  ctx: AppContext,
  playerId: string,
  provider: ProviderCode,
): Promise<void> {
  const { openRound } = await providerCredit(ctx, playerId, provider);
  if (openRound) throw new DomainError('GAME_ROUND_OPEN', 'Finish the game round first');
}

/**
 * Opens a withdraw order, in the caller's transaction q (the money runner's, so the Idempotency-Key commits
 * with the hold): the credit moves player → withdraw_hold, the outbox records the provider's transfer OUT,
 * and the OPEN order is written with its LAK amount (WITHDRAW conversion at the buy rate, floored). The
 * runner calls prepareWithdraw before (the provider's game results booked: it must answer) and delivers the
 * OUT after the commit. A provider that refuses the OUT (the credit was played meanwhile) turns the order
 * FAILED with its credit back (outbox.ts).
 */
export async function createWithdrawIn(
  ctx: AppContext,
  q: Queryable,
  playerId: string,
  input: CreateWithdraw,
): Promise<Order> {
  const { config } = ctx;
  const provider = input.provider;
  // First: the automatic-payout risk flags count this player's recent withdrawals at every provider, which
  // only holds when two withdrawals of one player are never decided at the same time.
  await lockPlayer(q, playerId);
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
  const locked = await lockAccounts(q, [player, float, hold]);
  // Under the player account's lock: a transfer still on its way would make the provider's wallet and
  // the ledger disagree about what can leave.
  if (await hasPendingTransfer(q, playerId, provider))
    throw new DomainError(
      'TRANSFER_PENDING',
      'A transfer to this provider is still on its way; try again shortly',
    );
  const available = locked.get(player)!.balance;
  if (available < input.credit) throw new DomainError('CREDIT_NOT_ENOUGH', 'Credit not enough');
  await assertRewardTurnoverMet(q, playerId, provider);

  const limits = withdrawLimits(inForce?.usage, inForce?.terms, provider, available);
  const { returnedCredit } = checkWithdraw(limits, input.credit, available);
  const amount = withdrawAmount(input.credit - returnedCredit, method.buy);
  if (amount <= 0) throw new DomainError('AMOUNT_OUT_OF_RANGE', 'The withdrawal pays out nothing');

  const riskTags = await withdrawalRiskTags(q, config, playerId);
  const reviewReason = await payoutReviewReason(q, config, {
    playerId,
    credit: input.credit,
    accountCreatedAt: account.createdAt,
    promotionInUse: inForce !== undefined,
    riskTags,
  });
  const automatic = reviewReason === null;
  const code = newOrderCode('WITHDRAW');
  try {
    await postTransfers(q, [
      {
        reference: withdrawalRefs(code).hold,
        kind: 'WITHDRAW_HOLD',
        debitAccountId: player,
        creditAccountId: hold,
        amount: input.credit,
        orderCode: code,
      },
    ]);
  } catch (err) {
    if (err instanceof InsufficientFunds) throw new DomainError('CREDIT_NOT_ENOUGH', 'Credit not enough');
    throw err;
  }
  await enqueueTransfer(q, {
    reference: withdrawalRefs(code).outbox,
    provider,
    playerId,
    direction: 'OUT',
    amount: input.credit,
    kind: 'WITHDRAW_HOLD',
    ledgerReference: withdrawalRefs(code).hold,
  });
  const r = await q.query<OrderRow>(
    `INSERT INTO orders (code, kind, player_id, provider, amount, currency, credit, returned_credit, rate, status, bank, bank_account_id, usage_id, payout_automatic, payout_review_reason, payout_review_by, payout_risk_tags)
     VALUES ($1, 'WITHDRAW', $2, $3, $4, 'LAK', $5, $6, $7, 'OPEN', $8, $9, $10, $11, $12,
       CASE WHEN $12::text IS NULL THEN NULL ELSE app_now() + make_interval(mins => $13::int) END, $14::text[])
     RETURNING ${ORDER_COLUMNS}`,
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
      automatic,
      reviewReason,
      config.withdrawReviewMinutes,
      riskTags,
    ],
  );
  // An automatic payout is queued now and leaves once the provider's OUT was delivered (depends_on).
  if (automatic) await enqueuePayout(q, playerId, provider, code, amount, withdrawalRefs(code).outbox);
  await notifyStaff(q, { event: 'order', code });
  if (!automatic) await notifyStaff(q, { event: 'review', code });
  return toOrder(r.rows[0]!);
}

/** The payout row of a withdrawal (outbox.ts, kind PAYOUT): the payout bank is called after commit. */
async function enqueuePayout(
  q: Queryable,
  playerId: string,
  provider: ProviderCode,
  code: string,
  amountLak: number,
  dependsOn?: string,
): Promise<void> {
  await enqueueTransfer(q, {
    reference: withdrawalRefs(code).payout,
    provider,
    playerId,
    direction: 'OUT',
    amount: amountLak,
    kind: 'PAYOUT',
    ledgerReference: withdrawalRefs(code).payLak,
    ...(dependsOn ? { dependsOn } : {}),
  });
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
 * Operator approves: in one transaction, under the order row lock, the OPEN order whose payout has not left
 * yet starts it (payouts.ts: ledger legs through the exchange to payout clearing, stage PROCESSING), the
 * promotion usage behind it ends SUCCESS and the payout is queued; after commit the payout bank is called
 * (outbox.ts) and the order becomes SUCCESS (stage PAID). Of two approvals, or an approval and a
 * rejection, exactly one gets in. Above the owner's four-eyes amount (withdrawalApprovals.ts) the first
 * approval is only recorded and the order waits for a second approver, who must be another staff member
 * (approvals count by staff member, screen and terminal alike). Each approval is written to the audit
 * log in its transaction. Answers the order as it stands after the payout attempt.
 */
export const approveStaffWithdrawal: StaffMoneyOperation<{ code: string }, boolean> = {
  prepare: async (ctx, { code }) => void (await openWithdraw(ctx, code)),
  async effect(_ctx, q, actor, { code }) {
    const order = (await findOrder(q, code, { forUpdate: true }))!;
    requireUndecided(order);
    await requireHoldDelivered(q, code);
    const approvals = await recordApproval(q, order, actor as StaffActor);
    await appendAudit(q, actor, {
      action: 'withdrawal.approve',
      target: `order:${code}`,
      before: { status: order.status },
      after: { approvals: approvals.count, needed: approvals.needed },
    });
    if (approvals.count < approvals.needed) return false;
    // Lock order: order row, promotion usage, ledger accounts (the same order every operation uses).
    if (order.usage_id)
      await q.query('SELECT 1 FROM promotion_usages WHERE id = $1 FOR UPDATE', [order.usage_id]);
    await startPayoutIn(q, order);
    if (order.usage_id) await endUsage(q, order.usage_id, 'SUCCESS');
    // An automatic order already has its row (it waited for the operator or for its OUT): kept as is.
    await enqueuePayout(q, order.player_id, order.provider as ProviderCode, code, toInt(order.amount));
    return true;
  },
  afterCommit: async (ctx, { code }, paying) => {
    if (paying) await deliverOne(ctx, code);
  },
};

export async function approveWithdraw(ctx: AppContext, code: string, actor: StaffActor): Promise<Order> {
  await runStaffMoneyOperation(ctx, 'approveStaffWithdrawal', approveStaffWithdrawal, actor, { code });
  return toOrder((await findOrder(ctx.db, code))!);
}

/** An operator decides an OPEN withdrawal whose payout has not left yet; otherwise 409 ORDER_CLOSED. */
function requireUndecided(order: OrderRow): void {
  if (order.status !== 'OPEN') throw new DomainError('ORDER_CLOSED', `The order is ${order.status}`);
  if (order.payout_started_at)
    throw new DomainError('ORDER_CLOSED', 'The payout of this order is already on its way');
}

/**
 * A withdrawal is decided only once its provider transfer OUT was delivered: until then the provider may
 * still refuse it (the order then fails by itself, with its credit back).
 */
async function requireHoldDelivered(q: Queryable, code: string): Promise<void> {
  const state = await transferState(q, withdrawalRefs(code).outbox);
  // Orders from before the outbox (migration 008) have no row: their transfer was made in their transaction.
  if (state !== undefined && state !== 'DELIVERED')
    throw new DomainError('TRANSFER_PENDING', 'The credit has not left the provider yet; try again shortly');
}

/**
 * Operator rejects: OPEN → REJECTED once; the held credit goes back to the player and the provider. One
 * staff member may reject alone, even after a first approval: stopping a payout needs no second pair of eyes.
 */
export const rejectStaffWithdrawal: StaffMoneyOperation<
  { code: string; reason: RejectReason },
  { order: Order; playerId: string }
> = {
  prepare: async (ctx, { code }) => void (await openWithdraw(ctx, code)),
  async effect(_ctx, q, actor, { code, reason }) {
    const order = (await findOrder(q, code, { forUpdate: true }))!;
    requireUndecided(order);
    await requireHoldDelivered(q, code);
    await appendAudit(q, actor, {
      action: 'withdrawal.reject',
      target: `order:${code}`,
      before: { status: order.status },
      after: { status: 'REJECTED', reason },
    });
    const provider = order.provider as ProviderCode;
    const { player, float } = await playerProviderAccounts(q, order.player_id, provider);
    const hold = await systemAccountId(q, 'withdraw_hold', 'THB');
    await lockAccounts(q, [player, float, hold]);
    const credit = toInt(order.credit);
    await postTransfers(q, [
      {
        reference: withdrawalRefs(code).release,
        kind: 'WITHDRAW_RELEASE',
        debitAccountId: hold,
        creditAccountId: player,
        amount: credit,
        orderCode: code,
      },
    ]);
    await enqueueTransfer(q, {
      reference: withdrawalRefs(code).release,
      provider,
      playerId: order.player_id,
      direction: 'IN',
      amount: credit,
      kind: 'WITHDRAW_RELEASE',
      ledgerReference: withdrawalRefs(code).release,
    });
    const rejected = await transition(q, code, 'OPEN', 'REJECTED', { rejectReason: reason });
    return { order: toOrder(rejected!), playerId: order.player_id };
  },
  afterCommit: (ctx, _input, rejected) => deliverPending(ctx, rejected.playerId),
};

/** Rejects an open withdrawal, saying why (the player reads the reason in their language). */
export async function rejectWithdraw(
  ctx: AppContext,
  code: string,
  actor: Actor,
  reason: RejectReason = 'OTHER',
): Promise<Order> {
  const { answer } = await runStaffMoneyOperation(
    ctx,
    'rejectStaffWithdrawal',
    rejectStaffWithdrawal,
    actor,
    {
      code,
      reason,
    },
  );
  return answer.order;
}
