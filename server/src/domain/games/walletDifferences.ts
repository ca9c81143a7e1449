import type { ProviderCode } from '../../adapters';
import type { AppContext } from '../../context';
import { toInt } from '../../db/values';
import { isSeamless } from './walletModes';

/**
 * The ledger against each provider wallet, asked through the provider's own API (docs/money.md): for
 * every player and provider, the wallet must hold the ledger credit, less what the outbox has still to
 * send in, plus what it has still to take out, plus the game results the ledger has not booked yet. One
 * line per difference, with its amount; a wallet that does not answer is a problem too (it cannot be
 * checked). Sandbox wallets with no ledger account (credit minted at the provider) are included. Seamless
 * providers are checked against their rounds instead (betHistory.ts, seamlessWalletCheck).
 */
export async function ledgerWalletDifferences(ctx: AppContext): Promise<string[]> {
  const r = await ctx.db.query<{
    player_id: string;
    provider: ProviderCode;
    balance: unknown;
    booked: unknown;
    pending_in: unknown;
    pending_out: unknown;
  }>(
    `WITH pairs AS (
       SELECT player_id, provider FROM ledger_accounts WHERE kind = 'player'
       UNION SELECT player_id, provider FROM sandbox_provider_wallets)
     SELECT p.player_id, p.provider,
       COALESCE((SELECT balance FROM ledger_accounts a
                 WHERE a.key = 'player:' || p.player_id || ':' || p.provider), 0) AS balance,
       COALESCE((SELECT booked FROM provider_game_results g
                 WHERE g.player_id = p.player_id AND g.provider = p.provider), 0) AS booked,
       COALESCE((SELECT sum(amount) FROM provider_outbox o WHERE o.player_id = p.player_id
                   AND o.provider = p.provider AND o.status = 'PENDING' AND o.kind <> 'PAYOUT'
                   AND o.direction = 'IN'), 0) AS pending_in,
       COALESCE((SELECT sum(amount) FROM provider_outbox o WHERE o.player_id = p.player_id
                   AND o.provider = p.provider AND o.status = 'PENDING' AND o.kind <> 'PAYOUT'
                   AND o.direction = 'OUT'), 0) AS pending_out
     FROM pairs p ORDER BY p.player_id, p.provider`,
  );
  const problems: string[] = [];
  for (const row of r.rows) {
    // A seamless provider holds no wallet of its own: its check is the ledger against its rounds.
    if (isSeamless(ctx.config, row.provider)) continue;
    let wallet;
    try {
      wallet = await ctx.adapters.providers[row.provider].wallet(row.player_id);
    } catch (err) {
      problems.push(
        `ledger-wallet: ${row.provider} wallet of ${row.player_id} could not be read (${err instanceof Error ? err.message : String(err)})`,
      );
      continue;
    }
    const ledger = toInt(row.balance);
    const expected =
      ledger - toInt(row.pending_in) + toInt(row.pending_out) + (wallet.roundResults - toInt(row.booked));
    if (wallet.balance !== expected)
      problems.push(
        `ledger-wallet: ${row.provider} wallet of ${row.player_id} holds ${wallet.balance} satang, the ledger ${ledger} (expected ${expected}); difference ${wallet.balance - expected}`,
      );
  }
  return problems;
}
