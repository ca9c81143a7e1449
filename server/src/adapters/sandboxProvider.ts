import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { toInt } from '../db/values';
import { ProviderInsufficientCredit, type GameProvider, type ProviderCode } from './types';

/** A game provider's wallet, kept in sandbox_provider_* tables as a remote provider would keep it. */
export class SandboxGameProvider implements GameProvider {
  constructor(readonly code: ProviderCode) {}

  async balance(q: Queryable, playerId: string): Promise<number> {
    const r = await q.query<{ balance: unknown }>(
      'SELECT balance FROM sandbox_provider_wallets WHERE provider = $1 AND player_id = $2',
      [this.code, playerId],
    );
    return r.rows[0] ? toInt(r.rows[0].balance) : 0;
  }

  async transferIn(q: Queryable, playerId: string, amountSatang: number, ref: string): Promise<void> {
    if (!(await this.recordOnce(q, playerId, 'IN', amountSatang, ref))) return;
    await q.query(
      `INSERT INTO sandbox_provider_wallets (provider, player_id, balance) VALUES ($1, $2, $3)
       ON CONFLICT (provider, player_id) DO UPDATE SET balance = sandbox_provider_wallets.balance + EXCLUDED.balance`,
      [this.code, playerId, amountSatang],
    );
  }

  async transferOut(q: Queryable, playerId: string, amountSatang: number, ref: string): Promise<void> {
    if (!(await this.recordOnce(q, playerId, 'OUT', amountSatang, ref))) return;
    const r = await q.query(
      `UPDATE sandbox_provider_wallets SET balance = balance - $3
       WHERE provider = $1 AND player_id = $2 AND balance >= $3`,
      [this.code, playerId, amountSatang],
    );
    if (r.rowCount !== 1) throw new ProviderInsufficientCredit(await this.balance(q, playerId));
  }

  /**
   * Sandbox only: a game round won (+) or lost (-) at the provider, outside our ledger. The ledger
   * catches up through a reconciliation transfer against the provider float (see accounts.ts).
   */
  async playRound(q: Queryable, playerId: string, deltaSatang: number): Promise<void> {
    await q.query(
      `INSERT INTO sandbox_provider_wallets (provider, player_id, balance) VALUES ($1, $2, 0) ON CONFLICT (provider, player_id) DO NOTHING`,
      [this.code, playerId],
    );
    const r = await q.query(
      `UPDATE sandbox_provider_wallets SET balance = balance + $3 WHERE provider = $1 AND player_id = $2 AND balance + $3 >= 0`,
      [this.code, playerId, deltaSatang],
    );
    if (r.rowCount !== 1) throw new ProviderInsufficientCredit(await this.balance(q, playerId));
    await this.recordOnce(q, playerId, 'GAME', deltaSatang, `game-${randomBytes(8).toString('hex')}`);
  }

  launchUrl(playerId: string, gameId: string | undefined): string {
    const token = randomBytes(8).toString('hex');
    const game = gameId ? `&game=${encodeURIComponent(gameId)}` : '';
    return `/sandbox/game?provider=${this.code}${game}&token=${token}`;
  }

  /** True the first time a ref is seen; a repeated ref is a retry and changes nothing. */
  private async recordOnce(q: Queryable, playerId: string, direction: string, amount: number, ref: string) {
    const r = await q.query(
      `INSERT INTO sandbox_provider_transactions (provider, ref, player_id, direction, amount)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (provider, ref) DO NOTHING`,
      [this.code, ref, playerId, direction, amount],
    );
    return r.rowCount === 1;
  }
}
