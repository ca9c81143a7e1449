import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';

// The studio moves a sandbox provider's wallet as the provider itself would: each change of balance is
// written with its round row in the same transaction, after locking the wallet row (the agreed order for
// everyone who changes a sandbox wallet: docs/games.md).

/** Locks the player's wallet at the provider (creating an empty one) and returns its balance. */
export async function lockWallet(q: Queryable, provider: string, playerId: string): Promise<number> {
  await q.query(
    `INSERT INTO sandbox_provider_wallets (provider, player_id, balance) VALUES ($1, $2, 0)
     ON CONFLICT (provider, player_id) DO NOTHING`,
    [provider, playerId],
  );
  const r = await q.query<{ balance: unknown }>(
    'SELECT balance FROM sandbox_provider_wallets WHERE provider = $1 AND player_id = $2 FOR UPDATE',
    [provider, playerId],
  );
  return toInt(r.rows[0]!.balance);
}

/** Sets the balance of a wallet locked by lockWallet in this transaction. */
export async function setWalletBalance(
  q: Queryable,
  provider: string,
  playerId: string,
  balance: number,
): Promise<void> {
  await q.query('UPDATE sandbox_provider_wallets SET balance = $3 WHERE provider = $1 AND player_id = $2', [
    provider,
    playerId,
    balance,
  ]);
}

/** The wallet's balance without locking it (for display). */
export async function walletBalance(q: Queryable, provider: string, playerId: string): Promise<number> {
  const r = await q.query<{ balance: unknown }>(
    'SELECT balance FROM sandbox_provider_wallets WHERE provider = $1 AND player_id = $2',
    [provider, playerId],
  );
  return r.rows[0] ? toInt(r.rows[0].balance) : 0;
}
