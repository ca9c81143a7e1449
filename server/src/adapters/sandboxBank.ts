import { randomBytes } from 'node:crypto';
import { LaoQrError, parseLaoQr } from '@core/laoQr';
import type { components } from '@core/contract';
import type { Queryable } from '../db/types';
import { DomainError } from '../errors';
import { signPayload } from './paymentSignature';
import { sandboxMarkPaid } from './sandboxGateway';

type PaymentCallback = components['schemas']['PaymentCallback'];

/** What the sandbox bank's app reads from a LAO QR before paying it. */
export interface ScannedQr {
  billNumber: string;
  amountLak: number;
  merchantName: string;
}

/** The callback the bank posts once it has paid, with the signature it sends beside it. */
export interface SignedCallback {
  callback: PaymentCallback;
  rawBody: string;
  signature: string;
}

/** Reads a LAO QR as a banking app would; QR_INVALID when it is not one, or has no amount to pay. */
export function scanLaoQr(qrText: string): ScannedQr {
  let parsed;
  try {
    parsed = parseLaoQr(qrText);
  } catch (err) {
    if (err instanceof LaoQrError) throw new DomainError('QR_INVALID', `Not a LAO QR: ${err.message}`);
    throw err;
  }
  if (!parsed.crcValid) throw new DomainError('QR_INVALID', 'The QR checksum is wrong');
  if (parsed.amountLak === null) throw new DomainError('QR_INVALID', 'The QR has no amount');
  return { billNumber: parsed.billNumber, amountLak: parsed.amountLak, merchantName: parsed.merchantName };
}

/**
 * The sandbox bank pays a scanned QR: it marks the sandbox gateway's payment paid and writes the signed
 * callback the real bank would post. ORDER_CLOSED when this QR was already paid.
 */
export async function payScannedQr(
  q: Queryable,
  gatewaySecret: string,
  qr: ScannedQr,
): Promise<SignedCallback> {
  const reference = `SANDBOX-${randomBytes(4).toString('hex').toUpperCase()}`;
  if (!(await sandboxMarkPaid(q, qr.billNumber, reference)))
    throw new DomainError('ORDER_CLOSED', 'This QR was already paid');
  const callback: PaymentCallback = {
    billNumber: qr.billNumber,
    reference,
    amount: qr.amountLak,
    currency: 'LAK',
    status: 'SUCCESS',
    paidAt: new Date().toISOString(),
  };
  const rawBody = JSON.stringify(callback);
  return { callback, rawBody, signature: signPayload(gatewaySecret, rawBody) };
}
