import type { ProviderTransfer, ProviderWallet, TransferRequest } from '../../adapters/types';
import type { Db, Queryable } from '../../db/types';
import { toInt } from '../../db/values';

/**
 * The sandbox providers' side of the wallet API: each provider keeps a wallet per player in
 * sandbox_provider_wallets, a record of every transfer decision in sandbox_provider_transactions and the
 * game rounds in sandbox_game_rounds (written by the sandbox studio). Whoever changes a wallet locks its
 * row first and writes the balance change with its record in the same transaction (docs/games.md).
 */

/** Locks the player's wallet (creating an empty one) and returns its balance. */
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

/** The wallet and its totals; balance = transfersIn - transfersOut + roundResults; betsTotal is the turnover. */
export async function readWallet(q: Queryable, provider: string, playerId: string): Promise<ProviderWallet> {
  const r = await q.query<{
    balance: unknown;
    transfers_in: unknown;
    transfers_out: unknown;
    round_results: unknown;
    bets_total: unknown;
    open_round: boolean;
  }>(
    `SELECT
       COALESCE((SELECT balance FROM sandbox_provider_wallets WHERE provider = $1 AND player_id = $2), 0) AS balance,
       COALESCE((SELECT SUM(amount) FROM sandbox_provider_transactions
                 WHERE provider = $1 AND player_id = $2 AND status = 'APPLIED' AND direction = 'IN'), 0) AS transfers_in,
       COALESCE((SELECT SUM(amount) FROM sandbox_provider_transactions
                 WHERE provider = $1 AND player_id = $2 AND status = 'APPLIED' AND direction = 'OUT'), 0) AS transfers_out,
       COALESCE((SELECT SUM(win - bet) FROM sandbox_game_rounds WHERE provider = $1 AND player_id = $2), 0) AS round_results,
       COALESCE((SELECT SUM(bet) FROM sandbox_game_rounds WHERE provider = $1 AND player_id = $2), 0) AS bets_total,
       EXISTS (SELECT 1 FROM sandbox_game_rounds WHERE provider = $1 AND player_id = $2 AND status = 'OPEN') AS open_round`,
    [provider, playerId],
  );
  const row = r.rows[0]!;
  return {
    balance: toInt(row.balance),
    transfersIn: toInt(row.transfers_in),
    transfersOut: toInt(row.transfers_out),
    roundResults: toInt(row.round_results),
    betsTotal: toInt(row.bets_total),
    openRound: row.open_round,
  };
}

interface TransactionRow {
  ref: string;
  direction: 'IN' | 'OUT';
  amount: unknown;
  status: 'APPLIED' | 'REFUSED';
  reason: 'NOT_ENOUGH_CREDIT' | 'ROUND_OPEN' | null;
  balance_after: unknown;
}

function toTransfer(row: TransactionRow): ProviderTransfer {
  return {
    reference: row.ref,
    status: row.status,
    ...(row.reason ? { reason: row.reason } : {}),
    direction: row.direction,
    amount: toInt(row.amount),
    balance: toInt(row.balance_after),
  };
}

/** The recorded decision on a reference, if the provider ever saw it. */
export async function findTransfer(
  q: Queryable,
  provider: string,
  reference: string,
): Promise<ProviderTransfer | undefined> {
  const r = await q.query<TransactionRow>(
    `SELECT ref, direction, amount, status, reason, balance_after FROM sandbox_provider_transactions
     WHERE provider = $1 AND ref = $2`,
    [provider, reference],
  );
  return r.rows[0] && toTransfer(r.rows[0]);
}

/**
 * Applies a transfer once per reference: a repeat answers the first decision and moves nothing. An OUT
 * the wallet cannot cover, or made while a round is open, is REFUSED, and the refusal is recorded under
 * the reference too (it stays refused).
 */
export async function applyTransfer(
  db: Db,
  provider: string,
  req: TransferRequest,
): Promise<ProviderTransfer> {
  return db.tx(async (q) => {
    const seen = await findTransfer(q, provider, req.reference);
    if (seen) return seen;
    const balance = await lockWallet(q, provider, req.playerId);
    // Under the wallet lock: a concurrent call with this reference for this player has committed by now.
    const raced = await findTransfer(q, provider, req.reference);
    if (raced) return raced;
    let status: 'APPLIED' | 'REFUSED' = 'APPLIED';
    let reason: TransactionRow['reason'] = null;
    let after = balance;
    if (req.direction === 'IN') after = balance + req.amount;
    else if (await hasOpenRound(q, provider, req.playerId)) [status, reason] = ['REFUSED', 'ROUND_OPEN'];
    else if (balance < req.amount) [status, reason] = ['REFUSED', 'NOT_ENOUGH_CREDIT'];
    else after = balance - req.amount;
    await q.query(
      `INSERT INTO sandbox_provider_transactions (provider, ref, player_id, direction, amount, status, reason, balance_after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [provider, req.reference, req.playerId, req.direction, req.amount, status, reason, after],
    );
    if (after !== balance) await setWalletBalance(q, provider, req.playerId, after);
    return (await findTransfer(q, provider, req.reference))!;
  });
}

async function hasOpenRound(q: Queryable, provider: string, playerId: string): Promise<boolean> {
  const r = await q.query(
    `SELECT 1 FROM sandbox_game_rounds WHERE provider = $1 AND player_id = $2 AND status = 'OPEN' LIMIT 1`,
    [provider, playerId],
  );
  return r.rows.length > 0;
}

/**
 * Sandbox and tests: a round played at the provider, outside the site's ledger (the studio plays real
 * ones). Settled with `win`, or left OPEN (its bet taken, win 0). Refused (false) when the wallet cannot
 * cover the bet.
 */
export async function playTestRound(
  db: Db,
  round: { provider: string; playerId: string; bet: number; win?: number; open?: boolean },
): Promise<boolean> {
  return db.tx(async (q) => {
    const balance = await lockWallet(q, round.provider, round.playerId);
    if (balance < round.bet) return false;
    const win = round.open ? 0 : (round.win ?? 0);
    const after = balance - round.bet + win;
    await q.query(
      `INSERT INTO sandbox_game_rounds (provider, player_id, game_id, kind, status, bet, win, balance_after, settled_at)
       VALUES ($1, $2, 'sandbox-test', 'test', $3, $4, $5, $6, CASE WHEN $3 = 'SETTLED' THEN app_now() END)`,
      [round.provider, round.playerId, round.open ? 'OPEN' : 'SETTLED', round.bet, win, after],
    );
    await setWalletBalance(q, round.provider, round.playerId, after);
    return true;
  });
}

/**
 * The provider invariant, per wallet of the sandbox providers: transfers in - transfers out + round
 * results = balance, and each DELIVERED outbox row has exactly one applied transaction with its reference
 * (of its direction and amount). One line per problem.
 */
export async function checkProviderInvariants(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const wallets = await q.query<{ provider: string; player_id: string; balance: unknown; expected: unknown }>(
    `SELECT w.provider, w.player_id, w.balance,
       COALESCE((SELECT SUM(CASE WHEN t.direction = 'IN' THEN t.amount ELSE -t.amount END)
                 FROM sandbox_provider_transactions t
                 WHERE t.provider = w.provider AND t.player_id = w.player_id AND t.status = 'APPLIED'), 0)
     + COALESCE((SELECT SUM(r.win - r.bet) FROM sandbox_game_rounds r
                 WHERE r.provider = w.provider AND r.player_id = w.player_id), 0) AS expected
     FROM sandbox_provider_wallets w`,
  );
  for (const w of wallets.rows)
    if (toInt(w.balance) !== toInt(w.expected))
      problems.push(
        `provider: ${w.provider} wallet of ${w.player_id} holds ${toInt(w.balance)} but in - out + round results = ${toInt(w.expected)}`,
      );
  const delivered = await q.query<{ reference: string; provider: string }>(
    `SELECT o.reference, o.provider FROM provider_outbox o
     WHERE o.status = 'DELIVERED' AND o.kind <> 'PAYOUT' AND (
       SELECT COUNT(*) FROM sandbox_provider_transactions t
       WHERE t.provider = o.provider AND t.ref = o.reference AND t.status = 'APPLIED'
         AND t.direction = o.direction AND t.amount = o.amount AND t.player_id = o.player_id) <> 1`,
  );
  for (const d of delivered.rows)
    problems.push(
      `outbox: ${d.reference} is DELIVERED but ${d.provider} has no applied transfer matching it`,
    );
  return problems;
}
