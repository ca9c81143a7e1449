import { createHmac, timingSafeEqual } from 'node:crypto';

/** Calls whose timestamp is further than this from the receiver's clock are refused (replays, skew). */
export const PROVIDER_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** What one provider API call signs: method, the exact path sent (with /api), timestamp and raw body. */
export interface SignedCall {
  method: string;
  path: string;
  timestamp: string;
  body: string;
}

/** X-Provider-Signature: lower-case hex HMAC-SHA256 of "<METHOD> <path>\n<timestamp>\n<body>". */
export function signProviderCall(secret: string, call: SignedCall): string {
  return createHmac('sha256', secret)
    .update(`${call.method.toUpperCase()} ${call.path}\n${call.timestamp}\n${call.body}`, 'utf8')
    .digest('hex');
}

/** True when the signature matches and the timestamp is within PROVIDER_CLOCK_SKEW_MS of `now`. */
export function verifyProviderCall(
  secret: string,
  call: SignedCall,
  signature: string,
  now: number = Date.now(),
): boolean {
  // No secret configured: anyone could sign with an empty key.
  if (secret === '') return false;
  const at = Number(call.timestamp);
  if (!Number.isSafeInteger(at) || Math.abs(now - at) > PROVIDER_CLOCK_SKEW_MS) return false;
  const expected = Buffer.from(signProviderCall(secret, call), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
