import type { components } from '../contract/types';
import { receivePaymentCallback } from '../domain/deposits';
import type { HandlerMap } from './types';

export const paymentHandlers: HandlerMap = {
  /**
   * The bank signs the exact bytes it sends, so the HMAC is checked over req.rawBody (kept by the JSON
   * parser in security.ts). Without it (a request injected without a body parser), the compact
   * JSON.stringify of the parsed body is used: what a gateway that signs compact JSON sends.
   */
  async receivePaymentCallback(req, _reply, ctx): Promise<components['schemas']['OkResponse']> {
    const body = req.body as components['schemas']['PaymentCallback'];
    const raw = typeof req.rawBody === 'string' ? req.rawBody : JSON.stringify(body);
    await receivePaymentCallback(ctx, raw, String(req.headers['x-signature'] ?? ''), body);
    return { ok: true };
  },
};
