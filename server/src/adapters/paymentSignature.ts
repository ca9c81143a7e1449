import { createHmac, timingSafeEqual } from 'node:crypto';

/** X-Signature, the gateway's wire format: lower-case hex HMAC-SHA256 of the raw body under its secret. */
export function signPayload(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

export function verifySignature(secret: string, rawBody: string, signature: string): boolean {
  // No secret configured (outside sandbox mode there is no default): anyone could sign with an empty key.
  if (secret === '') return false;
  const expected = Buffer.from(signPayload(secret, rawBody), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
