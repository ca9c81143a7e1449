import type { preHandlerAsyncHookHandler } from 'fastify';
import { PROVIDERS } from '@core/providers';
import { signProviderCall } from '../adapters/providerSignature';
import type { ProviderCode } from '../adapters';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { timingSafeEqual } from 'node:crypto';

/** A wallet call whose timestamp is further than this from the site's clock is refused (docs/games.md). */
export const WALLET_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** How often a process forgets accepted signatures old enough that their timestamp is refused anyway. */
const PRUNE_EVERY_MS = 60 * 1000;

/**
 * The seamless wallet's security (openapi.yaml `walletSignature`), checked before the request is validated,
 * so an unsigned call learns nothing about the contract: X-Wallet-Signature must be the HMAC-SHA256, with
 * the provider's own wallet secret, of "<METHOD> <path>\n<timestamp>\n<raw body>" (the scheme of
 * adapters/providerSignature.ts); X-Wallet-Timestamp within WALLET_CLOCK_SKEW_MS of the site's clock; and the
 * signature never accepted before (a replayed call is refused; a provider's retry is signed afresh).
 */
export function walletChecks(ctx: AppContext): () => preHandlerAsyncHookHandler {
  let prunedAt = 0;
  return () => async (req) => {
    const provider = (req.params as { provider?: string }).provider;
    const secret = (PROVIDERS as readonly string[]).includes(provider ?? '')
      ? (ctx.config.walletSecrets[provider as ProviderCode] ?? '')
      : '';
    const signature = req.headers['x-wallet-signature'];
    const timestamp = req.headers['x-wallet-timestamp'];
    if (secret === '' || typeof signature !== 'string' || typeof timestamp !== 'string')
      throw invalidSignature();
    const expected = Buffer.from(
      signProviderCall(secret, {
        method: req.method,
        path: req.url,
        timestamp,
        body: typeof req.rawBody === 'string' ? req.rawBody : '',
      }),
      'hex',
    );
    const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidSignature();

    const now = ctx.clock.now().getTime();
    const at = /^[0-9]{1,16}$/.test(timestamp) ? Number(timestamp) : NaN;
    if (!(Math.abs(now - at) <= WALLET_CLOCK_SKEW_MS))
      throw new DomainError('WALLET_TIMESTAMP_STALE', 'X-Wallet-Timestamp is more than 5 minutes off');

    if (now - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = now;
      await ctx.db.query('DELETE FROM wallet_signatures_seen WHERE seen_at < $1', [
        new Date(now - 2 * WALLET_CLOCK_SKEW_MS).toISOString(),
      ]);
    }
    const seen = await ctx.db.query(
      'INSERT INTO wallet_signatures_seen (signature) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1',
      [signature],
    );
    if (seen.rows.length === 0)
      throw new DomainError(
        'WALLET_SIGNATURE_REPLAYED',
        'This signed call was received before: sign a retry afresh',
      );
  };
}

function invalidSignature(): DomainError {
  return new DomainError('WALLET_SIGNATURE_INVALID', 'X-Wallet-Signature does not match the call');
}
