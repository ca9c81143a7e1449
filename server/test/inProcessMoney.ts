import type { AppContext } from '../src/context';
import { runMoneyOperation, type MoneyInput } from '../src/domain/moneyOperations';

/** Deposits and withdrawals called in process, through the one runner, as a handler without a key would. */

export async function deposit(ctx: AppContext, playerId: string, input: MoneyInput<'createDeposit'>) {
  return (await runMoneyOperation(ctx, 'createDeposit', { playerId, key: undefined, input })).body;
}

export async function withdraw(ctx: AppContext, playerId: string, input: MoneyInput<'createWithdraw'>) {
  return (await runMoneyOperation(ctx, 'createWithdraw', { playerId, key: undefined, input })).body.order;
}
