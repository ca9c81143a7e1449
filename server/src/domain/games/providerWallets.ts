import { PROVIDERS } from '@core/providers';
import type { ProviderCode } from '../../adapters';
import { ProviderUnavailable } from '../../adapters/types';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import {
  bookGameResults,
  creditIfAllBooked,
  readBookedFigures,
  readEveryBookedFigures,
  type BookedFigures,
} from '../ledger/accounts';
import { playerBalance } from '../ledger/ledger';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { hasOpenWalletRound } from './seamlessWallet';
import { isSeamless } from './walletModes';

export interface ProviderCreditState {
  /** The player's credit at the provider, THB satang, as the site's ledger knows it after booking game results. */
  credit: number;
  /** True while a game round is open at the provider. */
  openRound: boolean;
}

/**
 * How old the wallet answer behind a credit shown to the player may be: concurrent and repeated reads of
 * one wallet within this time share one provider call (ProviderClient.wallet). It only delays game results
 * played at the provider (at most this long); the ledger part of the credit, which every transfer of ours
 * changes, is read for each request, and the client asks again after each of its transfers. Decisions
 * (moving credit, launching, withdrawing, promotions) always ask the provider.
 */
export const SHOWN_WALLET_MAX_AGE_MS = 1000;

/** How a credit is read: see providerCredit. */
export interface CreditReadOptions {
  /** Share a wallet answer this recent (SHOWN_WALLET_MAX_AGE_MS); without it the provider is asked. */
  walletMaxAgeMs?: number;
  /** The player's BookedFigures at the provider, read just before (with the session): no read of them. */
  booked?: BookedFigures | null;
}

/**
 * The player's credit at one provider: the provider's wallet is asked (over HTTP, before any transaction),
 * the game results it reports are booked, and the ledger's player account after booking is the credit
 * (it includes transfers still on their way through the outbox). Throws DomainError PROVIDER_UNAVAILABLE
 * when the provider does not answer.
 */
export async function providerCredit(
  ctx: Pick<AppContext, 'db' | 'adapters' | 'config'>,
  playerId: string,
  provider: ProviderCode,
  options: CreditReadOptions = {},
): Promise<ProviderCreditState> {
  // A seamless provider's credit is the ledger account itself: nothing to ask, nothing to book.
  if (isSeamless(ctx.config, provider)) {
    const credit =
      options.booked !== undefined && options.booked !== null
        ? options.booked.balance
        : await playerBalance(ctx.db, playerId, provider);
    return { credit, openRound: await hasOpenWalletRound(ctx.db, playerId, provider) };
  }
  let wallet;
  try {
    wallet = await ctx.adapters.providers[provider].wallet(
      playerId,
      options.walletMaxAgeMs === undefined ? {} : { maxAgeMs: options.walletMaxAgeMs },
    );
  } catch (err) {
    if (err instanceof ProviderUnavailable)
      throw new DomainError('PROVIDER_UNAVAILABLE', `${provider} is not answering; try again shortly`);
    throw err;
  }
  // Most reads find every result already booked: a read, no transaction, no lock.
  const booked =
    options.booked !== undefined ? options.booked : await readBookedFigures(ctx.db, playerId, provider);
  const credit =
    creditIfAllBooked(booked, wallet) ??
    (await ctx.db.tx((q) => bookGameResults(q, playerId, provider, wallet)));
  return { credit, openRound: wallet.openRound };
}

/**
 * The credit to show: providerCredit when the provider answers, otherwise the ledger's figure (game
 * results not booked yet are missing from it). Never fails for a silent provider. The credits the player
 * reads pass walletMaxAgeMs SHOWN_WALLET_MAX_AGE_MS; everything else asks the provider.
 */
export async function shownCredit(
  ctx: Pick<AppContext, 'db' | 'adapters' | 'config'>,
  playerId: string,
  provider: ProviderCode,
  options: CreditReadOptions = {},
): Promise<number> {
  if (isSeamless(ctx.config, provider))
    return options.booked ? options.booked.balance : playerBalance(ctx.db, playerId, provider);
  try {
    return (await providerCredit(ctx, playerId, provider, options)).credit;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'PROVIDER_UNAVAILABLE')
      return playerBalance(ctx.db, playerId, provider);
    throw err;
  }
}

/**
 * Every provider's credit as shown (shownCredit). Seamless providers' credits are their ledger accounts, read
 * in one statement by key; transfer providers' booked figures are read in one statement too, before their
 * wallets are asked, as a session read does for one provider.
 */
export async function shownCredits(
  ctx: Pick<AppContext, 'db' | 'adapters' | 'config'>,
  playerId: string,
): Promise<Record<ProviderCode, number>> {
  const transfer = PROVIDERS.filter((provider) => !isSeamless(ctx.config, provider));
  const ledger = await ledgerCredits(ctx.db, playerId);
  if (transfer.length === 0) return ledger;
  const booked = await readEveryBookedFigures(ctx.db, playerId);
  const credits = await Promise.all(
    transfer.map((provider) =>
      shownCredit(ctx, playerId, provider, {
        walletMaxAgeMs: SHOWN_WALLET_MAX_AGE_MS,
        booked: booked[provider],
      }),
    ),
  );
  transfer.forEach((provider, i) => (ledger[provider] = credits[i]!));
  return ledger;
}

/** The player's ledger account at every provider, one statement (by key): 0 where none exists yet. */
async function ledgerCredits(q: Queryable, playerId: string): Promise<Record<ProviderCode, number>> {
  const r = await q.query<{ provider: ProviderCode; balance: string }>(
    'SELECT provider, balance::text AS balance FROM ledger_accounts WHERE key = ANY($1::text[])',
    [PROVIDERS.map((provider) => `player:${playerId}:${provider}`)],
  );
  const credits = Object.fromEntries(PROVIDERS.map((provider) => [provider, 0])) as Record<
    ProviderCode,
    number
  >;
  for (const row of r.rows) credits[row.provider] = toInt(row.balance);
  return credits;
}

/**
 * Reads every provider's wallet for the player, as the credits are shown (a silent provider leaves the
 * ledger's figure): the game results and stakes they report are booked. What reads the player's play
 * (the rewards) calls it first.
 */
export async function bookEveryProvider(
  ctx: Pick<AppContext, 'db' | 'adapters' | 'config'>,
  playerId: string,
): Promise<void> {
  // A seamless provider's stakes and results are booked as they happen: nothing to read for them.
  if (PROVIDERS.every((provider) => isSeamless(ctx.config, provider))) return;
  await shownCredits(ctx, playerId);
}

/**
 * Asks a reward's provider for the player's wallet afresh (no shared recent answer) and books what it
 * reports, before the crediting transaction: the stakes it reports are then in provider_game_results, and
 * the reward's turnover (counted from there) excludes every stake placed before this operation. A silent
 * provider refuses the operation (PROVIDER_UNAVAILABLE): a baseline from an older read would count stakes
 * placed before the reward.
 */
export async function readRewardProvider(
  ctx: Pick<AppContext, 'db' | 'adapters' | 'config'>,
  playerId: string,
  provider: ProviderCode,
): Promise<void> {
  // At a seamless provider every stake is counted in the bet's own transaction: the baseline is current.
  if (isSeamless(ctx.config, provider)) return;
  await providerCredit(ctx, playerId, provider);
}
