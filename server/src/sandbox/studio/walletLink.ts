import type { components } from '@core/contract';
import { signProviderCall } from '../../adapters/providerSignature';
import type { InjectFn } from '../../adapters/providerClient';
import type { ProviderCode } from '../../adapters';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';

type ErrorCode = components['schemas']['ErrorCode'];
type WalletAnswer = components['schemas']['WalletAnswer'];

/** The site's wallet API, as a provider reaches it. */
export const WALLET_PATH = '/api/v2/wallet';

export type WalletOperation = 'session' | 'balance' | 'bet' | 'win' | 'rollback' | 'end-round';

/** What a wallet call answered: the body on 200, or the refusal's code. */
export type WalletReply<T> = { ok: true; body: T } | { ok: false; status: number; code: ErrorCode };

/** How long the studio waits for the site before it counts the answer as lost. */
const CALL_TIMEOUT_MS = 10_000;

/**
 * The sandbox studio's client of the site's seamless wallet: signed HTTP calls, as an outside provider
 * makes them (docs/games.md), each signed afresh with the provider's own secret. By default in process
 * (app.inject: still routing, the signature check, validation and the handler); main.ts points it at the
 * listening address, so a running server's studio calls it over real HTTP.
 */
export class StudioWalletLink {
  private origin: string | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly inject: InjectFn,
  ) {}

  useOrigin(origin: string): void {
    this.origin = origin.replace(/\/+$/, '');
  }

  async call<T = WalletAnswer>(
    provider: ProviderCode,
    operation: WalletOperation,
    body: object,
  ): Promise<WalletReply<T>> {
    const path = `${WALLET_PATH}/${provider}/${operation}`;
    const payload = JSON.stringify(body);
    // The site's clock, as the site checks it: a test that moves the clock moves the provider's too.
    const timestamp = String(this.ctx.clock.now().getTime());
    const signature = signProviderCall(this.ctx.config.walletSecrets[provider] ?? '', {
      method: 'POST',
      path,
      timestamp,
      body: payload,
    });
    const headers = {
      'content-type': 'application/json',
      'x-wallet-signature': signature,
      'x-wallet-timestamp': timestamp,
    };
    let status: number;
    let text: string;
    try {
      if (this.origin) {
        const res = await fetch(this.origin + path, {
          method: 'POST',
          headers,
          body: payload,
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        status = res.status;
        text = await res.text();
      } else {
        const res = await this.inject({ method: 'POST', url: path, headers, payload });
        status = res.statusCode;
        text = res.body;
      }
    } catch (err) {
      throw unavailable(`${operation}: ${(err as Error).message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw unavailable(`${operation}: HTTP ${status} with a body that is not JSON`);
    }
    if (status === 200) return { ok: true, body: json as T };
    if (status >= 500) throw unavailable(`${operation}: HTTP ${status}`);
    return { ok: false, status, code: (json as { code: ErrorCode }).code };
  }
}

function unavailable(message: string): DomainError {
  return new DomainError('PROVIDER_UNAVAILABLE', `The site's wallet did not answer (${message})`);
}

const links = new WeakMap<AppContext, StudioWalletLink>();

/** The studio's wallet link of this app context (registerStudio makes it). */
export function studioWalletLink(ctx: AppContext): StudioWalletLink {
  const link = links.get(ctx);
  if (!link) throw new Error('the studio is not registered on this app');
  return link;
}

export function createStudioWalletLink(ctx: AppContext, inject: InjectFn): StudioWalletLink {
  const link = new StudioWalletLink(ctx, inject);
  links.set(ctx, link);
  return link;
}
