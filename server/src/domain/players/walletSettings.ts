import type { Queryable } from '../../db/types';

/** How the player's credit follows them between providers (docs/games.md, "One wallet"). */
export interface WalletSettings {
  /** Every game launch first brings the credit held at the other providers into the game's provider. */
  bringCreditAlong: boolean;
}

export async function walletSettings(q: Queryable, playerId: string): Promise<WalletSettings> {
  const r = await q.query<{ bring_credit_along: boolean }>(
    'SELECT bring_credit_along FROM players WHERE id = $1',
    [playerId],
  );
  return { bringCreditAlong: r.rows[0]?.bring_credit_along === true };
}

export async function setWalletSettings(
  q: Queryable,
  playerId: string,
  settings: WalletSettings,
): Promise<WalletSettings> {
  await q.query('UPDATE players SET bring_credit_along = $2 WHERE id = $1', [
    playerId,
    settings.bringCreditAlong,
  ]);
  return walletSettings(q, playerId);
}
