import type { components } from '@core/contract';
import type { ProviderCode } from '../../adapters';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';

type BetRound = components['schemas']['BetRound'];
type BetRoundPage = components['schemas']['BetRoundPage'];
type StaffWalletCheck = components['schemas']['StaffWalletCheck'];

/** A seamless round still open this long after it opened is shown to staff and fails `ops invariants`. */
export const OPEN_ROUND_LIMIT_HOURS = 24;

const ROUND_COLUMNS = `r.provider, r.round_id, r.game_id, COALESCE(g.name, r.game_id) AS game_name, r.status,
  r.bets::text AS bets, r.wins::text AS wins, r.refunds::text AS refunds, r.opened_at, r.ended_at`;
const ROUND_FROM = 'wallet_rounds r LEFT JOIN games g ON g.id = r.game_id';

interface RoundRow {
  provider: ProviderCode;
  round_id: string;
  game_id: string;
  game_name: string;
  status: BetRound['status'];
  bets: string;
  wins: string;
  refunds: string;
  opened_at: unknown;
  ended_at: unknown;
}

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

function toBetRound(row: RoundRow): BetRound {
  return {
    provider: row.provider,
    roundId: row.round_id,
    gameId: row.game_id,
    gameName: row.game_name,
    status: row.status,
    bets: toInt(row.bets),
    wins: toInt(row.wins),
    refunds: toInt(row.refunds),
    openedAt: iso(row.opened_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
  };
}

/** The player's rounds at seamless providers, newest first (listPlayerBets): the wallet's own records. */
export async function listPlayerRounds(
  q: Queryable,
  playerId: string,
  page: number,
  pageSize: number,
): Promise<BetRoundPage> {
  const r = await q.query<RoundRow & { total: unknown }>(
    `SELECT ${ROUND_COLUMNS}, count(*) OVER () AS total FROM ${ROUND_FROM}
     WHERE r.player_id = $1 ORDER BY r.opened_at DESC, r.round_id LIMIT $2 OFFSET $3`,
    [playerId, pageSize, (page - 1) * pageSize],
  );
  const total = r.rows[0]
    ? toInt(r.rows[0].total)
    : toInt(
        (
          await q.query<{ n: unknown }>('SELECT count(*) AS n FROM wallet_rounds WHERE player_id = $1', [
            playerId,
          ])
        ).rows[0]!.n,
      );
  return { items: r.rows.map(toBetRound), page, pageSize, total };
}

/** The player's latest rounds, for staff (getStaffPlayer). */
export async function latestRounds(q: Queryable, playerId: string, limit = 20): Promise<BetRound[]> {
  return (await listPlayerRounds(q, playerId, 1, limit)).items;
}

/**
 * The seamless wallet's own check (docs/games.md): for every player and seamless provider, the ledger's
 * game transfers on the player's account (bets, wins, refunds) must net to the rounds' wins + refunds −
 * bets; rounds open longer than OPEN_ROUND_LIMIT_HOURS; and the tombstones (rollbacks of bets never
 * received), which are no fault but staff should see them.
 */
export async function seamlessWalletCheck(
  q: Queryable,
  now: Date,
): Promise<Omit<StaffWalletCheck, 'differences'> & { differences: string[] }> {
  const sums = await q.query<{ player_id: string; provider: ProviderCode; ledger: unknown; rounds: unknown }>(
    `WITH ledger AS (
       SELECT a.player_id, a.provider, sum(p.amount) AS net
       FROM ledger_postings p JOIN ledger_transfers t ON t.id = p.transfer_id
       JOIN ledger_accounts a ON a.id = p.account_id
       WHERE NOT a.is_system AND t.kind IN ('GAME_BET', 'GAME_WIN', 'GAME_REFUND')
       GROUP BY a.player_id, a.provider),
     rounds AS (
       SELECT player_id, provider, sum(wins + refunds - bets) AS net FROM wallet_rounds GROUP BY player_id, provider)
     SELECT COALESCE(l.player_id, r.player_id) AS player_id, COALESCE(l.provider, r.provider) AS provider,
            COALESCE(l.net, 0)::text AS ledger, COALESCE(r.net, 0)::text AS rounds
     FROM ledger l FULL JOIN rounds r ON r.player_id = l.player_id AND r.provider = l.provider
     WHERE COALESCE(l.net, 0) <> COALESCE(r.net, 0)
     ORDER BY 1, 2`,
  );
  const differences = sums.rows.map(
    (row) =>
      `ledger-rounds: ${row.provider} rounds of ${row.player_id} net ${toInt(row.rounds)} satang, the ledger's game transfers ${toInt(row.ledger)}; difference ${toInt(row.ledger) - toInt(row.rounds)}`,
  );
  const open = await q.query<RoundRow & { username: string }>(
    `SELECT ${ROUND_COLUMNS}, pl.username FROM ${ROUND_FROM} JOIN players pl ON pl.id = r.player_id
     WHERE r.status = 'OPEN' AND r.opened_at < $1 ORDER BY r.opened_at LIMIT 200`,
    [new Date(now.getTime() - OPEN_ROUND_LIMIT_HOURS * 3_600_000).toISOString()],
  );
  const tombstones = await q.query<{
    provider: ProviderCode;
    bet_transaction_id: string;
    rollback_transaction_id: string;
    round_id: string;
    created_at: unknown;
  }>(
    `SELECT provider, bet_transaction_id, rollback_transaction_id, round_id, created_at FROM wallet_tombstones
     ORDER BY created_at DESC LIMIT 200`,
  );
  return {
    differences,
    openRounds: open.rows.map((row) => ({ username: row.username, round: toBetRound(row) })),
    tombstones: tombstones.rows.map((row) => ({
      provider: row.provider,
      betTransactionId: row.bet_transaction_id,
      rollbackTransactionId: row.rollback_transaction_id,
      roundId: row.round_id,
      createdAt: iso(row.created_at),
    })),
  };
}
