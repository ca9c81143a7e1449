import { payScannedQr, scanLaoQr } from '../adapters/sandboxBank';
import type { AppContext } from '../context';
import type { components } from '@core/contract';
import { checkPayable } from '../domain/money/deposits';
import { runMoneyOperation } from '../domain/operations/moneyOperations';
import { DomainError } from '../errors';
import type { SomeHandlers } from './types';

/**
 * The sandbox bank pays a LAO QR as a real bank would: it reads the QR, refuses what the order cannot take,
 * pays, and delivers its signed callback to our callback logic (in process, instead of over HTTP).
 */
export async function paySandboxQr(
  ctx: AppContext,
  qrText: string,
): Promise<components['schemas']['SandboxPayment']> {
  if (!ctx.config.sandbox) throw new DomainError('SANDBOX_DISABLED', 'The sandbox bank is disabled');
  const qr = scanLaoQr(qrText);
  await checkPayable(ctx.db, qr.billNumber, qr.amountLak);
  const paid = await payScannedQr(ctx.db, ctx.config.gatewaySecret, qr);
  await runMoneyOperation(ctx, 'receivePaymentCallback', {
    who: undefined,
    key: undefined,
    input: { rawBody: paid.rawBody, signature: paid.signature, payment: paid.callback },
  });
  return {
    billNumber: qr.billNumber,
    reference: paid.callback.reference,
    amount: qr.amountLak,
    currency: 'LAK',
    merchantName: qr.merchantName,
  };
}

export const sandboxHandlers = {
  async paySandboxQr({ body }, _reply, ctx) {
    return paySandboxQr(ctx, body.qrText);
  },
} satisfies SomeHandlers;
