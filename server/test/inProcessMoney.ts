import { signPayload } from '../src/adapters/paymentSignature';
import type { AppContext } from '../src/context';
import {
  runMoneyOperation,
  type MoneyInput,
  type SignedPayment,
} from '../src/domain/operations/moneyOperations';

/** Money operations called in process, through the one runner, as a handler without a key would. */

export async function deposit(ctx: AppContext, playerId: string, input: MoneyInput<'createDeposit'>) {
  return (await runMoneyOperation(ctx, 'createDeposit', { who: playerId, key: undefined, input })).body;
}

export async function withdraw(ctx: AppContext, playerId: string, input: MoneyInput<'createWithdraw'>) {
  return (await runMoneyOperation(ctx, 'createWithdraw', { who: playerId, key: undefined, input })).body
    .order;
}

export async function cancelDeposit(ctx: AppContext, playerId: string, code: string) {
  return (await runMoneyOperation(ctx, 'cancelDeposit', { who: playerId, key: undefined, input: { code } }))
    .body.order;
}

/** A bank's payment callback, signed with the site's gateway secret as the bank signs it. */
export async function receivePayment(ctx: AppContext, payment: SignedPayment['payment']): Promise<void> {
  const rawBody = JSON.stringify(payment);
  const signature = signPayload(ctx.config.gatewaySecret, rawBody);
  await runMoneyOperation(ctx, 'receivePaymentCallback', {
    who: undefined,
    key: undefined,
    input: { rawBody, signature, payment },
  });
}
