import type { operations } from '@core/contract';
import type { AppContext } from '../../context';
import { crashPoint } from '../../crashPoints';
import type { Queryable } from '../../db/types';
import type { Actor } from './audit';

/**
 * How every money operation runs (docs/architecture.md, "Money operations"): its effect in one
 * transaction, with the crash points `<operationId>:before-commit` and `:after-commit` the crash tests stop
 * a server at (crashPoints.ts).
 */
export async function inOneTransaction<T>(
  ctx: AppContext,
  operationId: string,
  run: (q: Queryable) => Promise<T>,
): Promise<T> {
  const done = await ctx.db.tx(async (q) => {
    const result = await run(q);
    crashPoint(`${operationId}:before-commit`);
    return result;
  });
  crashPoint(`${operationId}:after-commit`);
  return done;
}

/**
 * Money a staff member decides, on the screen or at the terminal (`--as`): approving or rejecting a
 * withdrawal, applying or refunding an unmatched payment, sending a provider transfer again. Each is kept
 * once by the state its effect finds (a decided order, a resolved payment, a transfer no longer pending),
 * and audited in its transaction as the staff member's.
 */
export interface StaffMoneyOperation<Input, Answer, After = void> {
  /** Reads before the transaction; refuses what does not exist. */
  prepare?(ctx: AppContext, input: Input): Promise<void>;
  effect(ctx: AppContext, q: Queryable, actor: Actor, input: Input): Promise<Answer>;
  /** After the commit: the transfers and payouts the effect queued leave now. */
  afterCommit?(ctx: AppContext, input: Input, answer: Answer): Promise<After>;
}

/** The staff's decisions are the contract's back-office operations of these names. */
export type StaffMoneyOperationId = Extract<
  keyof operations,
  | 'approveStaffWithdrawal'
  | 'rejectStaffWithdrawal'
  | 'applyStaffPayment'
  | 'refundStaffPayment'
  | 'retryStaffTransfer'
>;

/** Runs a staff member's money decision: prepare, the effect in one transaction, then what leaves. */
export async function runStaffMoneyOperation<Input, Answer, After>(
  ctx: AppContext,
  operationId: StaffMoneyOperationId,
  operation: StaffMoneyOperation<Input, Answer, After>,
  actor: Actor,
  input: Input,
): Promise<{ answer: Answer; after: After | undefined }> {
  await operation.prepare?.(ctx, input);
  const answer = await inOneTransaction(ctx, operationId, (q) => operation.effect(ctx, q, actor, input));
  const after = await operation.afterCommit?.(ctx, input, answer);
  return { answer, after };
}
