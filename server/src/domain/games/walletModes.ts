import type { ProviderCode } from '../../adapters';
import type { Config } from '../../config';

/**
 * How each provider holds the player's credit (docs/games.md): SEAMLESS (the default) calls the site's wallet
 * API for every bet and win, and its credit is the player's ledger account; TRANSFER keeps its own wallet,
 * credit moved in and out through the outbox. The configuration decides (TRANSFER_WALLET_PROVIDERS); seed
 * writes the same answer into the providers table for SQL that must know it. Every instance on one database
 * must be started with the same setting.
 */
export function isSeamless(config: Pick<Config, 'transferWalletProviders'>, provider: ProviderCode): boolean {
  return !config.transferWalletProviders.includes(provider);
}
