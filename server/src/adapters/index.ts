import { PROVIDERS } from '@core/providers';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { type PaymentGateway, type PayoutAdapter, type ProviderCode } from './types';
import { ProviderClient, ProviderLink } from './providerClient';
import { SandboxPaymentGateway } from './sandboxGateway';
import { SandboxPayout } from './sandboxPayout';

export type { GameProvider, PaymentGateway, PayoutAdapter, ProviderCode } from './types';

/** The outside systems money moves through: game providers, the payment gateway and the payout bank. */
export interface Adapters {
  /** Each provider's wallet API, over HTTP (providerClient.ts). */
  providers: Record<ProviderCode, ProviderClient>;
  /** The signed link the provider clients share; main.ts and buildApp say where it leads. */
  providerLink: ProviderLink;
  gateway: PaymentGateway;
  payout: PayoutAdapter;
}

/**
 * The game providers are HTTP clients of a provider wallet API: PROVIDER_BASE_URL, or by default this
 * server's own sandbox providers (server/src/sandbox/provider). The gateway and payout bank only have
 * sandbox implementations, keeping their state in their own tables of the same database.
 */
export function createAdapters(config: Config, _db: Db): Adapters {
  const providerLink = new ProviderLink(config);
  const providers = {} as Record<ProviderCode, ProviderClient>;
  for (const code of PROVIDERS) providers[code] = new ProviderClient(code, providerLink);
  return { providers, providerLink, gateway: new SandboxPaymentGateway(), payout: new SandboxPayout() };
}
