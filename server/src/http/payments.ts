import { answerMoneyOperation } from './moneyCall';
import type { SomeHandlers } from './types';

export const paymentHandlers = {
  /**
   * The bank signs the exact bytes it sends, so the HMAC is checked over req.rawBody (kept by the JSON
   * parser in security.ts). Without it (a request injected without a body parser), the compact
   * JSON.stringify of the parsed body is used: what a gateway that signs compact JSON sends.
   */
  receivePaymentCallback: (req, reply, ctx) =>
    answerMoneyOperation(req, reply, ctx, 'receivePaymentCallback', {
      rawBody: typeof req.rawBody === 'string' ? req.rawBody : JSON.stringify(req.body),
      signature: req.headers['x-signature'],
      payment: req.body,
    }),
} satisfies SomeHandlers;
