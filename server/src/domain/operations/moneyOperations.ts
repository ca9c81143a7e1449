import type { components, operations } from '@core/contract';
import { thbMoney as thb } from '@core/money';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/types';
import { addBankAccount } from '../players/bankAccounts';
import { isAnswered, withIdempotency } from '../ledger/idempotency';
import { deliverPending } from '../money/outboxDelivery';
import {
  applyPaymentIn,
  deliverForOrder,
  settleClosedDeposit,
  settleDeposit,
  type Settlement,
} from '../money/payments';
import { payWaitingReturns } from '../money/paymentReturns';
import { cancelUsageIn, prepareCancelUsage } from '../promotions/promotionCancels';
import { claimPromotionIn, prepareClaim } from '../promotions/promotionClaims';
import { moveCreditIn, prepareMoveCredit } from '../money/creditMoves';
import { readRewardProvider } from '../games/providerWallets';
import { claimCheckInIn, prepareCheckIn } from '../rewards/checkIns';
import { claimReferralIn } from '../rewards/referrals';
import { assertSignedByGateway, cancelDepositIn, checkDepositIn, createDepositIn } from '../money/deposits';
import { createWithdrawIn, prepareWithdraw } from '../money/withdrawals';
import { inOneTransaction } from '../ledger/moneyRunner';
import {
  cashbackDue,
  claimCashbackIn,
  paymentProvider,
  settleCashbackIn,
  type CashbackSettlement,
} from '../rewards/cashback';
import type { RewardPeriod } from '@core/rewardPeriods';
import type { CashbackSettings } from '../rewards/rewardSettings';

/**
 * Every operation that moves money, each declared once (docs/architecture.md, "Adding a money
 * operation"): its operationId, how a repeat is kept from happening twice, the work before its
 * transaction, its effect inside it, its answer, and what leaves after the commit. One runner
 * (runMoneyOperation) runs every one the same way; the HTTP handlers only hand it who asks, the key and
 * the input they read from the request.
 */

type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type RequestOf<K extends keyof operations> = JsonBody<NonNullable<operations[K]['requestBody']>>;
type AnswerOf<K extends keyof operations, S extends keyof operations[K]['responses']> = JsonBody<
  operations[K]['responses'][S]
>;

/**
 * How a repeat is kept from happening twice: the request's Idempotency-Key (a replay answers what the
 * first run stored), or the state the effect finds: an order already settled, a bank reference already
 * applied, a bank account already added.
 */
export type Once = 'idempotencyKey' | 'orderState';

/** Who starts an operation: a signed-in player (their id), or the bank, which has no session. */
type Actor = string | undefined;

export interface MoneyOperation<Input, Answer, Who extends Actor = string> {
  once: Once;
  /** The success status the contract declares. */
  status: 200 | 201;
  /**
   * Work outside the transaction before a first run: checking a signature, asking a provider for its
   * wallet, booking the game results it reports. Skipped for a key already answered: a replay answers even
   * while a provider is away.
   */
  prepare?(ctx: AppContext, who: Who, input: Input): Promise<void>;
  /** What the operation changes, inside the one transaction. */
  effect(ctx: AppContext, q: Queryable, who: Who, input: Input): Promise<Answer>;
  /** After the commit: the provider transfers and payouts the effect queued leave now (the outbox). */
  afterCommit?(ctx: AppContext, who: Who, input: Input, answer: Answer): Promise<void>;
}

/** The bank's payment callback as the runner takes it: the exact bytes it signed, and what they say. */
export interface SignedPayment {
  rawBody: string;
  signature: string;
  payment: components['schemas']['PaymentCallback'];
}

type CodeInput = { code: string };
const deliverToPlayer = (ctx: AppContext, playerId: string) => deliverPending(ctx, playerId);

/** Every money operation, by operationId. A new one is a row here, typed by the contract. */
export const MONEY_OPERATIONS = {
  createDeposit: {
    once: 'idempotencyKey',
    status: 201,
    effect: (ctx, q, playerId, input) => createDepositIn(ctx, q, playerId, input),
  } satisfies MoneyOperation<RequestOf<'createDeposit'>, AnswerOf<'createDeposit', 201>>,

  createWithdraw: {
    once: 'idempotencyKey',
    status: 201,
    // No transaction is held across a provider call: game results are booked before, the OUT sent after.
    prepare: (ctx, playerId, input) => prepareWithdraw(ctx, playerId, input.provider),
    effect: async (ctx, q, playerId, input) => ({ order: await createWithdrawIn(ctx, q, playerId, input) }),
    afterCommit: deliverToPlayer,
  } satisfies MoneyOperation<RequestOf<'createWithdraw'>, AnswerOf<'createWithdraw', 201>>,

  moveCredit: {
    once: 'idempotencyKey',
    status: 200,
    // Both wallets are read before, the transfers sent after.
    prepare: (ctx, playerId, input) => prepareMoveCredit(ctx, playerId, input),
    afterCommit: deliverToPlayer,
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
    once: 'idempotencyKey',
    status: 200,
    // The provider's wallet is read before the transaction (credit and turnover start), never during it.
    prepare: (ctx, playerId, input) => prepareClaim(ctx, playerId, input.providerId),
    effect: async (_ctx, q, playerId, input) => ({
      usage: await claimPromotionIn(q, playerId, input.promotionId, input.providerId),
    }),
  } satisfies MoneyOperation<RequestOf<'claimPromotion'>, AnswerOf<'claimPromotion', 200>>,

  cancelPromotionUsage: {
    once: 'idempotencyKey',
    status: 200,
    // Game results are booked before, the take-back sent after.
    prepare: (ctx, playerId, input) => prepareCancelUsage(ctx, playerId, input.usageId),
    effect: async (_ctx, q, playerId, input) => ({ usage: await cancelUsageIn(q, playerId, input.usageId) }),
    afterCommit: deliverToPlayer,
  } satisfies MoneyOperation<RequestOf<'cancelPromotionUsage'>, AnswerOf<'cancelPromotionUsage', 200>>,

  checkDeposit: {
    once: 'orderState',
    status: 200,
    effect: async (ctx, q, playerId, input) => ({
      order: await checkDepositIn(ctx, q, playerId, input.code),
    }),
    // A credit's transfer to the provider goes now, not at the worker's next round: the game shows it.
    afterCommit: deliverToPlayer,
  } satisfies MoneyOperation<CodeInput, AnswerOf<'checkDeposit', 200>>,

  cancelDeposit: {
    once: 'orderState',
    status: 200,
    effect: async (_ctx, q, playerId, input) => ({ order: await cancelDepositIn(q, playerId, input.code) }),
  } satisfies MoneyOperation<CodeInput, AnswerOf<'cancelDeposit', 200>>,

  claimCashback: {
    once: 'idempotencyKey',
    status: 200,
    // The reward's provider is asked first: its turnover counts the stakes it reports from now on.
    prepare: async (ctx, playerId, input) => {
      const provider = await paymentProvider(ctx.db, playerId, input.paymentId);
      if (provider) await readRewardProvider(ctx, playerId, provider);
    },
    effect: async (ctx, q, playerId, input) => ({
      payment: await claimCashbackIn(q, playerId, input.paymentId, ctx.clock.now()),
    }),
    afterCommit: deliverToPlayer,
  } satisfies MoneyOperation<{ paymentId: string }, AnswerOf<'claimCashback', 200>>,

  claimCheckIn: {
    once: 'idempotencyKey',
    status: 200,
    // The day's stakes are booked from every wallet before, and the reward's provider asked afresh; the
    // reward's IN is sent after.
    prepare: (ctx, playerId) => prepareCheckIn(ctx, playerId, ctx.clock.now()),
    effect: async (ctx, q, playerId, _input) => ({
      checkIn: await claimCheckInIn(q, playerId, ctx.clock.now()),
    }),
    afterCommit: deliverToPlayer,
  } satisfies MoneyOperation<Record<string, never>, AnswerOf<'claimCheckIn', 200>>,

  claimReferral: {
    once: 'idempotencyKey',
    status: 200,
    prepare: (ctx, playerId, input) => readRewardProvider(ctx, playerId, input.provider),
    effect: async (ctx, q, playerId, input) => ({
      claim: await claimReferralIn(q, playerId, input.provider, ctx.clock.now()),
    }),
    afterCommit: deliverToPlayer,
  } satisfies MoneyOperation<RequestOf<'claimReferral'>, AnswerOf<'claimReferral', 200>>,

  addBankAccount: {
    once: 'orderState',
    status: 201,
    // With the account, payments returned while the player had none start their way back: queued in the
    // same transaction, so once.
    effect: async (_ctx, q, playerId, input) => {
      const bankAccount = await addBankAccount(q, playerId, input);
      await payWaitingReturns(q, playerId);
      return { bankAccount };
    },
    afterCommit: deliverToPlayer,
  } satisfies MoneyOperation<RequestOf<'addBankAccount'>, AnswerOf<'addBankAccount', 201>>,

  receivePaymentCallback: {
    once: 'orderState',
    status: 200,
    // The bank signs the exact bytes it sends: nothing is read before the signature holds.
    prepare: async (ctx, _bank, input) => assertSignedByGateway(ctx, input.rawBody, input.signature),
    // Once per bank reference (payment_callbacks' key): a repeated callback finds it applied.
    effect: async (ctx, q, _bank, input) => {
      await applyPaymentIn(ctx, q, input.payment);
      return { ok: true as const };
    },
    afterCommit: (ctx, _bank, input) => deliverForOrder(ctx, input.payment.billNumber),
  } satisfies MoneyOperation<SignedPayment, AnswerOf<'receivePaymentCallback', 200>, undefined>,
};

/** A period's settlement as a job hands it to payCashback: the period, the terms read once, the moment. */
interface PeriodSettlement {
  period: RewardPeriod;
  settings: CashbackSettings;
  now: Date;
}

/** One deposit as the reconciler hands it over: open (expired or not yet), or closed without a payment. */
interface DepositToSettle {
  code: string;
  /** 'open' asks about an OPEN order, 'closed' about a CANCELED or FAILED one still watched for a payment. */
  state: 'open' | 'closed';
  /** For an open one: our expiry passed, so a payment still pending at the bank fails it. */
  expireIfPending: boolean;
}

/**
 * Money the site's own jobs move, asked for by no request: each is declared and run like a row above (one
 * transaction with the same crash points, then the outbox), by runMoneyJob. Who a job runs for is the
 * player (a cashback) or the order (a deposit the reconciler settles).
 */
export const JOB_MONEY_OPERATIONS = {
  payCashback: {
    // Once per result: the results a payment settled are recorded with it (docs/rewards.md).
    once: 'orderState',
    status: 200,
    // The provider a payment would go to is asked first, so its turnover starts from the stakes reported now.
    prepare: async (ctx, playerId, input) => {
      const provider = await cashbackDue(ctx.db, playerId, input.period, input.settings);
      if (provider) await readRewardProvider(ctx, playerId, provider);
    },
    effect: (_ctx, q, playerId, input) =>
      settleCashbackIn(q, playerId, input.period, input.settings, input.now),
    afterCommit: async (ctx, playerId, _input, paid) => {
      if (typeof paid === 'object' && paid.status === 'PAID') await deliverToPlayer(ctx, playerId);
    },
  } satisfies MoneyOperation<PeriodSettlement, CashbackSettlement>,
  // A deposit whose callback never came, asked about at the bank: once per bank reference, as a callback
  // (payment_callbacks' key), and an order settled meanwhile is skipped (SKIP LOCKED, its state).
  settleDeposit: {
    once: 'orderState',
    status: 200,
    effect: (ctx, q, code, input) =>
      input.state === 'closed'
        ? settleClosedDeposit(ctx, q, code)
        : settleDeposit(ctx, q, code, input.expireIfPending),
    afterCommit: async (ctx, code, _input, settled) => {
      if (settled === 'CREDITED') await deliverForOrder(ctx, code);
    },
  } satisfies MoneyOperation<Omit<DepositToSettle, 'code'>, Settlement>,
};

export type JobMoneyOperationId = keyof typeof JOB_MONEY_OPERATIONS;
type Job<K extends JobMoneyOperationId> = (typeof JOB_MONEY_OPERATIONS)[K];
export type JobInput<K extends JobMoneyOperationId> = Parameters<Job<K>['effect']>[3];
export type JobAnswer<K extends JobMoneyOperationId> = Awaited<ReturnType<Job<K>['effect']>>;

/**
 * Runs a job's money operation for one subject (a player, an order): its prepare, its effect in one
 * transaction, then what leaves after.
 */
export async function runMoneyJob<K extends JobMoneyOperationId>(
  ctx: AppContext,
  operationId: K,
  subject: string,
  input: JobInput<K>,
): Promise<JobAnswer<K>> {
  const operation = JOB_MONEY_OPERATIONS[operationId] as unknown as MoneyOperation<JobInput<K>, JobAnswer<K>>;
  if (operation.prepare) await operation.prepare(ctx, subject, input);
  const answer = await inOneTransaction(ctx, operationId, (q) => operation.effect(ctx, q, subject, input));
  if (operation.afterCommit) await operation.afterCommit(ctx, subject, input, answer);
  return answer;
}

/** The reconciler's settlement of one deposit (reconciler.ts): a job row like any other. */
export function settleDepositJob(ctx: AppContext, deposit: DepositToSettle): Promise<Settlement> {
  const { code, ...input } = deposit;
  return runMoneyJob(ctx, 'settleDeposit', code, input);
}

export type MoneyOperationId = keyof typeof MONEY_OPERATIONS;

type Declared<K extends MoneyOperationId> = (typeof MONEY_OPERATIONS)[K];
/** Who starts an operation: the player's id, or undefined for the bank. */
export type MoneyActor<K extends MoneyOperationId> = Parameters<Declared<K>['effect']>[2];
/** The input an operation takes: its request body, or what its handler reads from the request. */
export type MoneyInput<K extends MoneyOperationId> = Parameters<Declared<K>['effect']>[3];
/** What an operation answers on success. */
export type MoneyAnswer<K extends MoneyOperationId> = Awaited<ReturnType<Declared<K>['effect']>>;

/** One call of a money operation: who, under which Idempotency-Key (when the request has one), with what. */
export interface MoneyCall<K extends MoneyOperationId> {
  who: MoneyActor<K>;
  key: string | undefined;
  input: MoneyInput<K>;
}

/**
 * Runs a declared money operation, every one the same way: its `prepare` outside any transaction (skipped
 * for a key already answered), its effect in one transaction (under its Idempotency-Key when the request
 * has one: the key, the effect and the stored answer commit together, withIdempotency), then what leaves
 * after the commit. A replay answers the status and body the first run stored. The crash tests stop a
 * server at `<operationId>:before-commit` and `:after-commit` of each (crashPoints.ts).
 */
export async function runMoneyOperation<K extends MoneyOperationId>(
  ctx: AppContext,
  operationId: K,
  call: MoneyCall<K>,
): Promise<{ status: number; body: MoneyAnswer<K> }> {
  const operation = MONEY_OPERATIONS[operationId] as unknown as MoneyOperation<
    MoneyInput<K>,
    MoneyAnswer<K>,
    MoneyActor<K>
  >;
  const { who, input } = call;
  const key = operation.once === 'idempotencyKey' ? call.key : undefined;
  const scope = { playerId: who ?? '', operation: operationId, payload: input };
  if (operation.prepare && !(key && (await isAnswered(ctx.db, { ...scope, key }))))
    await operation.prepare(ctx, who, input);
  const run = async (q: Queryable) => ({
    status: operation.status,
    body: await operation.effect(ctx, q, who, input),
  });
  const response = key
    ? await withIdempotency(ctx.db, { ...scope, key }, run)
    : await inOneTransaction(ctx, operationId, run);
  // A replay answers the body stored by this operation's first run: the type its effect gives.
  const body = response.body as MoneyAnswer<K>;
  if (operation.afterCommit) await operation.afterCommit(ctx, who, input, body);
  return { status: response.status, body };
}

/**
 * Operations that move money without being one of the runner's: the sandbox bank's payment, which pays as
 * a bank does and hands its signed callback to receivePaymentCallback.
 */
const BANK_SIDE_MONEY_OPERATIONS = ['paySandboxQr'] as const satisfies readonly (keyof operations)[];

/** Every operation that moves money: counted apart in the metrics (http/metrics.ts). */
export const MONEY_OPERATION_IDS: readonly (keyof operations)[] = [
  ...(Object.keys(MONEY_OPERATIONS) as MoneyOperationId[]),
  ...BANK_SIDE_MONEY_OPERATIONS,
];
