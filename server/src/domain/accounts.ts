import { randomUUID } from 'node:crypto';
import type { Adapters, ProviderCode } from '../adapters';
import type { Queryable } from '../db/types';
import { lockAccounts, playerAccountId, postTransfers, systemAccountId } from './ledger';

/**
 * The ledger accounts an operation on a player's provider credit touches. Operations lock this set (plus
 * their own system accounts) up front so that account locks are always taken in id order.
 */
export async function playerProviderAccounts(q: Queryable, playerId: string, provider: ProviderCode) {
  return {
    player: await playerAccountId(q, playerId, provider),
    float: await systemAccountId(q, 'provider_float', 'THB', provider),
  };
}

/**
 * Brings the ledger's player account in step with the provider's wallet. Games are played at the provider,
 * so wins and losses change its balance outside our ledger; they are booked here against the provider
 * float before any transfer that needs the player's exact credit. The caller must already hold the locks
 * of the player account and the provider float (see playerProviderAccounts). Returns the provider credit.
 */
export async function reconcileProviderCredit(
  q: Queryable,
  adapters: Adapters,
  playerId: string,
  provider: ProviderCode,
): Promise<number> {
  const { player, float } = await playerProviderAccounts(q, playerId, provider);
  const locked = await lockAccounts(q, [player, float]);
  const ledger = locked.get(player)!.balance;
  const remote = await adapters.providers[provider].balance(q, playerId);
  const diff = remote - ledger;
  if (diff !== 0) {
    await postTransfers(q, [
      {
        reference: `game:${playerId}:${provider}:${randomUUID()}`,
        kind: 'GAME_RESULT',
        debitAccountId: diff > 0 ? float : player,
        creditAccountId: diff > 0 ? player : float,
        amount: Math.abs(diff),
      },
    ]);
  }
  return remote;
}
