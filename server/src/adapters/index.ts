import { PROVIDERS } from '@core/providers';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { type GameProvider, type PaymentGateway, type PayoutAdapter, type ProviderCode } from './types';
import { SandboxGameProvider } from './sandboxProvider';
import { SandboxPaymentGateway } from './sandboxGateway';
import { SandboxPayout } from './sandboxPayout';

export type { GameProvider, PaymentGateway, PayoutAdapter, ProviderCode } from './types';

/** The outside systems money moves through: game providers, the payment gateway and the payout bank. */
export interface Adapters {
  providers: Record<ProviderCode, GameProvider>;
  gateway: PaymentGateway;
  payout: PayoutAdapter;
}

/**
 * Only sandbox implementations exist so far; they keep their state in their own tables of the same
 * database. A production deployment plugs real clients in here (and config.sandbox only gates the
 * sandbox bank's pay endpoint).
 */
export function createAdapters(_config: Config, _db: Db): Adapters {
  const providers = {} as Record<ProviderCode, GameProvider>;
  for (const code of PROVIDERS) providers[code] = new SandboxGameProvider(code);
  return { providers, gateway: new SandboxPaymentGateway(), payout: new SandboxPayout() };
}
