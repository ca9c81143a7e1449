import type { operations } from '@core/contract';
import { thbMoney as thb } from '@core/money';
import type { AppContext } from '../context';
import type { Queryable } from '../db/types';
import { isAnswered, withIdempotency } from './idempotency';
import { deliverPending } from './outboxDelivery';
import { cancelUsageIn, prepareCancelUsage } from './promotionCancels';
import { claimPromotionIn, prepareClaim } from './promotionClaims';
import { moveCreditIn, prepareMoveCredit } from './credits';
import { createDepositIn } from './deposits';
import { createWithdrawIn, prepareWithdraw } from './withdrawals';

/**
 * The money operations a player starts with an Idempotency-Key, each declared once (docs/architecture.md,
 * "Adding a money operation"): its operationId, the work before its transaction, its effect inside it, its
 * answer, and what it queues for after the commit. One runner (runMoneyOperation) runs every one the same
 * way; the HTTP handlers only hand it the request's player, key and body.
 */

type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type RequestOf<K extends keyof operations> = JsonBody<NonNullable<operations[K]['requestBody']>>;
type AnswerOf<K extends keyof operations, S extends keyof operations[K]['responses']> = JsonBody<
  operations[K]['responses'][S]
>;

export interface MoneyOperation<Input, Answer> {
  /** Where the player's request ends up: what the operation changes, inside the one transaction. */
  effect(ctx: AppContext, q: Queryable, playerId: string, input: Input): Promise<Answer>;
  /** The success status the contract declares. */
  status: 200 | 201;
  /**
   * Work outside the transaction before a first run: asking a provider for its wallet, booking the game
   * results it reports. Skipped for a key already answered: a replay answers even while a provider is away.
   */
  prepare?(ctx: AppContext, playerId: string, input: Input): Promise<void>;
  /** The effect queues provider transfers (the outbox): they leave right after the commit. */
  deliversTransfers: boolean;
}

/** Every keyed money operation, by operationId. A new one is a row here, typed by the contract. */
export const MONEY_OPERATIONS = {
  createDeposit: {
    status: 201,
    deliversTransfers: false,
    effect: (ctx, q, playerId, input) => createDepositIn(ctx, q, playerId, input),
  } satisfies MoneyOperation<RequestOf<'createDeposit'>, AnswerOf<'createDeposit', 201>>,

  createWithdraw: {
    status: 201,
    // No transaction is held across a provider call: game results are booked before, the OUT sent after.
    prepare: (ctx, playerId, input) => prepareWithdraw(ctx, playerId, input.provider),
    deliversTransfers: true,
    effect: async (ctx, q, playerId, input) => ({ order: await createWithdrawIn(ctx, q, playerId, input) }),
  } satisfies MoneyOperation<RequestOf<'createWithdraw'>, AnswerOf<'createWithdraw', 201>>,

  moveCredit: {
    status: 200,
    // Both wallets are read before, the transfers sent after.
    prepare: (ctx, playerId, input) => prepareMoveCredit(ctx, playerId, input),
    deliversTransfers: true,
    effect: async (_ctx, q, playerId, input) => {
      const moved = await moveCreditIn(q, playerId, input);
      return {
        reference: moved.reference,
        from: { provider: input.from, credit: thb(moved.from) },
        to: { provider: input.to, credit: thb(moved.to) },
      };
    },
  } satisfies MoneyOperation<RequestOf<'moveCredit'>, AnswerOf<'moveCredit', 200>>,

  claimPromotion: {
    status: 200,
    // The provider's wallet is read before the transaction (credit and turnover start), never during it.
    prepare: (ctx, playerId, input) => prepareClaim(ctx, playerId, input.providerId),
    deliversTransfers: false,
    effect: async (_ctx, q, playerId, input) => ({
      usage: await claimPromotionIn(q, playerId, input.promotionId, input.providerId),
    }),
  } satisfies MoneyOperation<RequestOf<'claimPromotion'>, AnswerOf<'claimPromotion', 200>>,

  cancelPromotionUsage: {
    status: 200,
    // Game results are booked before, the take-back sent after.
    prepare: (ctx, playerId, input) => prepareCancelUsage(ctx, playerId, input.usageId),
    deliversTransfers: true,
    effect: async (_ctx, q, playerId, input) => ({ usage: await cancelUsageIn(q, playerId, input.usageId) }),
  } satisfies MoneyOperation<RequestOf<'cancelPromotionUsage'>, AnswerOf<'cancelPromotionUsage', 200>>,
};

export type MoneyOperationId = keyof typeof MONEY_OPERATIONS;

type Declared<K extends MoneyOperationId> = (typeof MONEY_OPERATIONS)[K];
/** The input an operation takes: its request body. */
export type MoneyInput<K extends MoneyOperationId> = Parameters<Declared<K>['effect']>[3];
/** What an operation answers on success. */
export type MoneyAnswer<K extends MoneyOperationId> = Awaited<ReturnType<Declared<K>['effect']>>;

/** One call of a money operation: who, under which Idempotency-Key (when the request has one), with what. */
export interface MoneyCall<K extends MoneyOperationId> {
  playerId: string;
  key: string | undefined;
  input: MoneyInput<K>;
}

/**
 * Runs a declared money operation, every one the same way: its `prepare` outside any transaction (skipped
 * for a key already answered), its effect in one transaction under its Idempotency-Key when the request has
 * one (the key, the effect and the stored answer commit together: withIdempotency), then the provider
 * transfers it queued, after the commit. A replay answers the status and body the first run stored.
 */
export async function runMoneyOperation<K extends MoneyOperationId>(
  ctx: AppContext,
  operationId: K,
  call: MoneyCall<K>,
): Promise<{ status: number; body: MoneyAnswer<K> }> {
  const operation = MONEY_OPERATIONS[operationId] as MoneyOperation<MoneyInput<K>, MoneyAnswer<K>>;
  const { playerId, key, input } = call;
  const scope = { playerId, operation: operationId, payload: input };
  if (operation.prepare && !(key && (await isAnswered(ctx.db, { ...scope, key }))))
    await operation.prepare(ctx, playerId, input);
  const run = async (q: Queryable) => ({
    status: operation.status,
    body: await operation.effect(ctx, q, playerId, input),
  });
  const response = key ? await withIdempotency(ctx.db, { ...scope, key }, run) : await ctx.db.tx(run);
  if (operation.deliversTransfers) await deliverPending(ctx, playerId);
  // A replay answers the body stored by this operation's first run: the type its effect gives.
  return { status: response.status, body: response.body as MoneyAnswer<K> };
}

/**
 * The other operations that move money, kept from happening twice by their order's own state or the bank's
 * payment reference rather than a key: a check or cancel finds the order settled, a payment applied once by
 * its reference, a bank account that starts returned payments on their way once.
 */
export const ORDER_STATE_MONEY_OPERATIONS = [
  'checkDeposit',
  'cancelDeposit',
  'receivePaymentCallback',
  'paySandboxQr',
  'addBankAccount',
] as const satisfies readonly (keyof operations)[];

/** Every operation that moves money: counted apart in the metrics (http/metrics.ts). */
export const MONEY_OPERATION_IDS: readonly (keyof operations)[] = [
  ...(Object.keys(MONEY_OPERATIONS) as MoneyOperationId[]),
  ...ORDER_STATE_MONEY_OPERATIONS,
];
