import { clockNow } from '../../clock';
import type { ProviderCode } from '../../adapters';
import type { ProviderWallet } from '../../adapters/types';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { lockAccounts, playerAccountId, postTransfers, systemAccountId } from './ledger';
import { gameResultRef } from './references';
import { PROVIDERS } from '@core/providers';
import { vientianeDay } from '@core/rewardPeriods';

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
 * What tells whether a wallet answer has game results left to book, with the ledger credit beside them
 * (one snapshot): the ledger balance and provider_game_results' booked, booked_bets and bets_seen.
 */
export interface BookedFigures {
  balance: number;
  booked: number;
  bookedBets: number;
  betsSeen: number;
}

/**
 * The statement reading BookedFigures of the player and provider the two SQL expressions name (text
 * columns, so that inside JSON too no bigint passes through a float).
 */
export function bookedFiguresSql(player: string, provider: string): string {
  return `SELECT a.balance::text AS balance, g.booked::text AS booked, g.booked_bets::text AS booked_bets,
            g.bets_seen::text AS bets_seen
     FROM ledger_accounts a JOIN provider_game_results g ON g.player_id = ${player} AND g.provider = ${provider}
     WHERE a.key = 'player:' || ${player} || ':' || ${provider}`;
}

export interface BookedFiguresRow {
  balance: string;
  booked: string;
  booked_bets: string;
  bets_seen: string;
}

export function toBookedFigures(row: BookedFiguresRow): BookedFigures {
  return {
    balance: toInt(row.balance),
    booked: toInt(row.booked),
    bookedBets: toInt(row.booked_bets),
    betsSeen: toInt(row.bets_seen),
  };
}

const BOOKED_FIGURES_SQL = bookedFiguresSql('$1::uuid', '$2::text');

/** The player's BookedFigures at the provider; null until both rows exist (the first booking makes them). */
export async function readBookedFigures(
  q: Queryable,
  playerId: string,
  provider: ProviderCode,
): Promise<BookedFigures | null> {
  const r = await q.query<BookedFiguresRow>(BOOKED_FIGURES_SQL, [playerId, provider], { prepared: true });
  return r.rows[0] ? toBookedFigures(r.rows[0]) : null;
}

const EVERY_BOOKED_FIGURES_SQL = `SELECT g.provider, a.balance::text AS balance, g.booked::text AS booked,
    g.booked_bets::text AS booked_bets, g.bets_seen::text AS bets_seen
  FROM provider_game_results g JOIN ledger_accounts a ON a.key = 'player:' || g.player_id || ':' || g.provider
  WHERE g.player_id = $1::uuid`;

/**
 * The player's BookedFigures at every provider in one statement (what reads all four credits uses instead
 * of four): a provider without both rows yet is null, as readBookedFigures answers.
 */
export async function readEveryBookedFigures(
  q: Queryable,
  playerId: string,
): Promise<Record<ProviderCode, BookedFigures | null>> {
  const r = await q.query<BookedFiguresRow & { provider: ProviderCode }>(EVERY_BOOKED_FIGURES_SQL, [
    playerId,
  ]);
  const figures = Object.fromEntries(PROVIDERS.map((p) => [p, null])) as Record<
    ProviderCode,
    BookedFigures | null
  >;
  for (const row of r.rows) figures[row.provider] = toBookedFigures(row);
  return figures;
}

/**
 * The ledger credit when the wallet answer has nothing left to book (bookGameResults would only rewrite
 * the same figures), else undefined: then bookGameResults, under the lock, decides. The figures are one
 * snapshot, so the credit is the one bookGameResults would have answered at that moment.
 */
export function creditIfAllBooked(
  figures: BookedFigures | null,
  wallet: Pick<ProviderWallet, 'roundResults' | 'betsTotal'>,
): number | undefined {
  if (
    !figures ||
    figures.booked !== wallet.roundResults ||
    figures.bookedBets !== wallet.betsTotal ||
    figures.betsSeen < wallet.betsTotal
  )
    return undefined;
  return figures.balance;
}

/**
 * Books the game results the provider reports and the ledger has not booked yet. Games are played at the
 * provider, so wins and losses change its wallet outside our ledger; the provider's wallet answer carries
 * their running total (roundResults), and provider_game_results keeps how much of it is booked. The
 * difference goes to the player account against the provider float (GAME_RESULT). Transfers still in the
 * outbox do not matter here: they are in the ledger already and change neither total.
 *
 * The wallet is read over HTTP by the caller before this transaction (never hold a transaction across a
 * call). Runs under the player account's lock. Returns the player's ledger credit after booking.
 */
export async function bookGameResults(
  q: Queryable,
  playerId: string,
  provider: ProviderCode,
  wallet: Pick<ProviderWallet, 'roundResults' | 'betsTotal'>,
): Promise<number> {
  const { player, float } = await playerProviderAccounts(q, playerId, provider);
  const locked = await lockAccounts(q, [player, float]);
  await q.query(
    `INSERT INTO provider_game_results (player_id, provider, booked) VALUES ($1, $2, 0)
     ON CONFLICT (player_id, provider) DO NOTHING`,
    [playerId, provider],
  );
  const r = await q.query<{ booked: unknown; booked_bets: unknown; bets_seen: unknown }>(
    'SELECT booked, booked_bets, bets_seen FROM provider_game_results WHERE player_id = $1 AND provider = $2 FOR UPDATE',
    [playerId, provider],
  );
  const betsSeen = toInt(r.rows[0]!.bets_seen);
  if (wallet.betsTotal > betsSeen) {
    // The turnover a promotion or a reward counts (promotionUsages.ts, rewardCredits.ts): never lowered by
    // an older answer arriving late.
    await q.query('UPDATE provider_game_results SET bets_seen = $3 WHERE player_id = $1 AND provider = $2', [
      playerId,
      provider,
      wallet.betsTotal,
    ]);
    // The stakes booked today (the daily check-in's turnover, checkIns.ts).
    await q.query(
      `INSERT INTO player_daily_bets (player_id, provider, day, bets_before, bets_after) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (player_id, day, provider)
       DO UPDATE SET bets_after = GREATEST(player_daily_bets.bets_after, EXCLUDED.bets_after)`,
      [playerId, provider, vientianeDay(await clockNow(q)), betsSeen, wallet.betsTotal],
    );
  }
  const balance = locked.get(player)!.balance;
  const booked = toInt(r.rows[0]!.booked);
  const bookedBets = toInt(r.rows[0]!.booked_bets);
  // Two reads may commit in the other order: an answer older than the one booked is not booked over it
  // (migration 012 says why (bets total, round results) orders the answers).
  if (wallet.betsTotal < bookedBets || (wallet.betsTotal === bookedBets && wallet.roundResults < booked))
    return balance;
  const diff = wallet.roundResults - booked;
  if (diff === 0) {
    await q.query(
      'UPDATE provider_game_results SET booked_bets = $3 WHERE player_id = $1 AND provider = $2',
      [playerId, provider, wallet.betsTotal],
    );
    return balance;
  }
  // A loss larger than the ledger credit can only come from an OUT on its way that the provider will
  // refuse; its compensation gives the credit back, and the loss is booked on the next read.
  if (diff < 0 && balance < -diff) return balance;
  await postTransfers(q, [
    {
      reference: gameResultRef(playerId, provider),
      kind: 'GAME_RESULT',
      debitAccountId: diff > 0 ? float : player,
      creditAccountId: diff > 0 ? player : float,
      amount: Math.abs(diff),
    },
  ]);
  await q.query(
    'UPDATE provider_game_results SET booked = $3, booked_bets = $4 WHERE player_id = $1 AND provider = $2',
    [playerId, provider, wallet.roundResults, wallet.betsTotal],
  );
  return balance + diff;
}
