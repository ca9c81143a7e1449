import { createHash, randomBytes } from 'node:crypto';
import type { components } from '@core/contract';
import { vientianeDay } from '@core/rewardPeriods';
import type { ProviderCode } from '../../adapters';
import type { AppContext } from '../../context';
import { crashPoint } from '../../crashPoints';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { playerProviderAccounts } from '../ledger/accounts';
import { lockAccounts, postTransfers } from '../ledger/ledger';
import { walletRefs } from '../ledger/references';
import { refuseExclusion } from '../protection/exclusions';
import {
  type LossLimit,
  assertMayPlay,
  assertPlayTimeLeft,
  assertWithinLossLimits,
  noteGameActivity,
} from '../protection/protectionChecks';
import { playDay } from '../players/playTime';
import { TOUCH_INTERVAL_SECONDS } from '../players/sessions';
import { redeemLaunchToken } from './launchTokens';
import { isSeamless } from './walletModes';

type WalletAnswer = components['schemas']['WalletAnswer'];
type WalletSession = components['schemas']['WalletSession'];
type BetRequest = components['schemas']['WalletBetRequest'];
type WinRequest = components['schemas']['WalletWinRequest'];
type RollbackRequest = components['schemas']['WalletRollbackRequest'];
type EndRoundRequest = components['schemas']['WalletEndRoundRequest'];
type TransactionKind = 'BET' | 'WIN' | 'ROLLBACK';

/** A seamless credit is in THB, like every provider credit (docs/money.md). */
const CURRENCY = 'THB';

/**
 * The seamless wallet (docs/games.md): a provider calls the site for each bet, win, rollback and round end,
 * and the player's credit at that provider is the player's ledger account for it. Each call is one database
 * transaction that locks the player's account first, so one player's calls at one provider run one after
 * another (ten bets at once never overdraw), and the transaction id's row, the round and the ledger
 * transfer commit together or not at all. Per (provider, transaction id):
 * - an accepted transaction is answered again, unchanged, to a repeat; the same id with other content is
 *   refused (WALLET_TRANSACTION_CONFLICT). A refused call moved nothing and is remembered by nothing: a
 *   retry is decided afresh;
 * - a rollback of a bet never received is accepted and leaves a tombstone: that bet, arriving later, is
 *   refused (WALLET_BET_ROLLED_BACK);
 * - a bet in an ended round is refused; a win or rollback of an open round is always paid, whatever the
 *   player's protection says since the bet.
 */

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What a repeat must match: every field of the call but the signature's, in a fixed order. */
function contentHash(kind: TransactionKind, fields: Record<string, unknown>): string {
  const keys = Object.keys(fields).sort();
  return sha256(JSON.stringify([kind, ...keys.map((k) => [k, fields[k] ?? null])]));
}

function assertSeamless(ctx: AppContext, provider: ProviderCode): void {
  if (!isSeamless(ctx.config, provider))
    throw new DomainError('WALLET_NOT_SEAMLESS', `${provider} keeps its own wallet (transfer model)`);
}

function assertCurrency(currency: string | undefined): void {
  if (currency !== undefined && currency !== CURRENCY)
    throw new DomainError(
      'WALLET_CURRENCY_MISMATCH',
      `The player's credit is in ${CURRENCY}, not ${currency}`,
    );
}

interface WalletPlayer {
  tokenHash: string;
  playerId: string;
  siteSessionId: string | null;
}

/** The player a wallet call names by its launch's player reference, at this provider. */
async function walletPlayer(q: Queryable, provider: ProviderCode, player: string): Promise<WalletPlayer> {
  const tokenHash = sha256(player);
  const r = await q.query<{ player_id: string; site_session_id: string | null }>(
    'SELECT player_id, site_session_id FROM wallet_sessions WHERE token_hash = $1 AND provider = $2',
    [tokenHash, provider],
  );
  const row = r.rows[0];
  if (!row) throw new DomainError('WALLET_PLAYER_UNKNOWN', 'No game session has this player reference');
  return { tokenHash, playerId: row.player_id, siteSessionId: row.site_session_id };
}

async function assertGame(q: Queryable, provider: ProviderCode, gameId: string): Promise<void> {
  const r = await q.query('SELECT 1 FROM games WHERE id = $1 AND provider = $2', [gameId, provider]);
  if (r.rows.length === 0) throw new DomainError('WALLET_GAME_UNKNOWN', `No game ${gameId} at ${provider}`);
}

/** The player's account at the provider (and the float), locked: every call below runs under this lock. */
async function lockCredit(q: Queryable, playerId: string, provider: ProviderCode) {
  // One round trip when the player's account exists (it does once any credit came): the float is a system
  // account, never locked (ledger.ts).
  const r = await q.query<{ player: unknown; float: unknown; balance: unknown }>(
    `SELECT p.id AS player, f.id AS float, p.balance FROM ledger_accounts p, ledger_accounts f
     WHERE p.key = $1 AND f.key = $2 FOR UPDATE OF p`,
    [`player:${playerId}:${provider}`, `system:provider_float:THB:${provider}`],
  );
  const row = r.rows[0];
  if (row) return { player: toInt(row.player), float: toInt(row.float), balance: toInt(row.balance) };
  const accounts = await playerProviderAccounts(q, playerId, provider);
  const locked = await lockAccounts(q, [accounts.player, accounts.float]);
  return { ...accounts, balance: locked.get(accounts.player)!.balance };
}

async function currentBalance(q: Queryable, accountId: number): Promise<number> {
  const r = await q.query<{ balance: unknown }>('SELECT balance FROM ledger_accounts WHERE id = $1', [
    accountId,
  ]);
  return toInt(r.rows[0]!.balance);
}

interface TransactionRow {
  kind: TransactionKind;
  player_id: string;
  round_id: string;
  amount: unknown;
  request_hash: string;
  answer: WalletAnswer;
  rolled_back: boolean;
}

/**
 * The answer to a repeat of an accepted transaction, or null for a new one. The same id with other content
 * (another kind of call, amount, round, game, player or currency) is refused.
 */
async function repeated(
  q: Queryable,
  provider: ProviderCode,
  transactionId: string,
  hash: string,
): Promise<WalletAnswer | null> {
  const r = await q.query<TransactionRow>(
    `SELECT kind, player_id, round_id, amount, request_hash, answer, rolled_back FROM wallet_transactions
     WHERE provider = $1 AND transaction_id = $2`,
    [provider, transactionId],
  );
  const row = r.rows[0];
  return row ? answerRepeat({ hash: row.request_hash, answer: row.answer }, hash, transactionId) : null;
}

interface RoundRow {
  player_id: string;
  game_id: string;
  status: 'OPEN' | 'ENDED';
  opened_at: unknown;
}

async function lockRound(
  q: Queryable,
  provider: ProviderCode,
  roundId: string,
): Promise<RoundRow | undefined> {
  const r = await q.query<RoundRow>(
    `SELECT player_id, game_id, status, opened_at FROM wallet_rounds
     WHERE provider = $1 AND round_id = $2 FOR UPDATE`,
    [provider, roundId],
  );
  return r.rows[0];
}

function assertRoundOf(round: Pick<RoundRow, 'player_id'>, playerId: string, roundId: string): void {
  if (round.player_id !== playerId)
    throw new DomainError('WALLET_ROUND_MISMATCH', `Round ${roundId} is another player's`);
}

async function recordTransaction(
  q: Queryable,
  row: {
    provider: ProviderCode;
    transactionId: string;
    kind: TransactionKind;
    playerId: string;
    roundId: string;
    gameId: string;
    amount: number;
    betTransactionId?: string;
    hash: string;
    answer: WalletAnswer;
    ledgerReference: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO wallet_transactions (provider, transaction_id, kind, player_id, round_id, game_id, amount,
       bet_transaction_id, request_hash, answer, ledger_reference)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.provider,
      row.transactionId,
      row.kind,
      row.playerId,
      row.roundId,
      row.gameId,
      row.amount,
      row.betTransactionId ?? null,
      row.hash,
      JSON.stringify(row.answer),
      row.ledgerReference,
    ],
  );
}

/**
 * Play time (docs/protection.md) of a refused bet or win, on its own: a call is the player's activity,
 * counted from the session's previous one unless the player was away longer than the idle timeout.
 */
async function noteWalletActivity(ctx: AppContext, tokenHash: string, now: Date): Promise<void> {
  await ctx.db.tx(async (q) => {
    const r = await q.query<{ player_id: string; last: unknown }>(
      `UPDATE wallet_sessions s SET last_activity_at = $2
       FROM (SELECT token_hash, COALESCE(last_activity_at, created_at) AS last FROM wallet_sessions
             WHERE token_hash = $1 FOR UPDATE) old
       WHERE s.token_hash = old.token_hash AND old.last <= $2 RETURNING s.player_id, old.last`,
      [tokenHash, now.toISOString()],
    );
    const row = r.rows[0];
    if (!row) return;
    const last = new Date(row.last as string | Date);
    const away = now.getTime() - last.getTime() > ctx.config.sessionIdleMinutes * 60_000;
    await noteGameActivity(q, row.player_id, away ? now : last, now);
  });
}

/** A bet or win under way: who plays, and whether the site session it was launched from is live. */
interface GameCall extends WalletPlayer {
  siteSessionLive: boolean;
}

/**
 * How long a game session's activity may go unwritten when the player has no daily play-time limit. Play
 * time is counted from the session's previous noted activity, so a call inside this window loses no time:
 * the next noted one counts it (at most this much is lost when the player then goes away). A round's bet
 * and win come milliseconds apart, and writing the play time for each was most of what they cost. With a
 * limit, every call is noted: the bet that reaches it must be the one refused.
 */
export const ACTIVITY_INTERVAL_SECONDS = 10;

/** A site session last seen before this has ended by idling. */
function idleSince(ctx: AppContext, now: Date): Date {
  return new Date(now.getTime() - ctx.config.sessionIdleMinutes * 60_000);
}

/**
 * Starts a bet or win inside its transaction: names the player by the reference, notes the call's play
 * time (at most every ACTIVITY_INTERVAL_SECONDS) and, for a bet, keeps the site session alive (rewritten at
 * most every TOUCH_INTERVAL_SECONDS, as a page's request does) and tells whether it still is. Rows are
 * locked in the order a page's session touch locks them (the site session, then the player), and all
 * before the player's credit, so a page and a game of one player wait for each other instead of
 * deadlocking.
 */
async function beginGameCall(
  ctx: AppContext,
  q: Queryable,
  provider: ProviderCode,
  tokenHash: string,
  now: Date,
  touchSite: boolean,
): Promise<GameCall> {
  const r = await q.query<{
    player_id: string;
    site_session_id: string | null;
    last: unknown;
    noted: boolean;
    site_live: boolean | null;
  }>(
    `WITH game AS (
       SELECT token_hash, player_id, site_session_id, COALESCE(last_activity_at, created_at) AS last
       FROM wallet_sessions WHERE token_hash = $1 AND provider = $2 FOR UPDATE
     ), noted AS (
       UPDATE wallet_sessions w SET last_activity_at = $3 FROM game
       WHERE w.token_hash = game.token_hash AND game.last <= $3
         AND (game.last <= $3::timestamptz - make_interval(secs => $6) OR EXISTS (
           SELECT 1 FROM player_limits l WHERE l.player_id = game.player_id AND l.kind = 'PLAY_TIME'
             AND l.period = 'DAY' AND l.amount IS NOT NULL))
       RETURNING 1
     ), touched AS (
       UPDATE sessions s SET last_seen_at = $3 FROM game
       WHERE $4 AND s.id = game.site_session_id AND s.expires_at > $3 AND s.last_seen_at > $5
         AND s.last_seen_at < $3::timestamptz - make_interval(secs => $7)
       RETURNING 1
     )
     SELECT game.player_id, game.site_session_id, game.last, EXISTS (SELECT 1 FROM noted) AS noted,
       EXISTS (SELECT 1 FROM touched) OR EXISTS (
         SELECT 1 FROM sessions s WHERE s.id = game.site_session_id AND s.expires_at > $3 AND s.last_seen_at > $5
       ) AS site_live
     FROM game`,
    [
      tokenHash,
      provider,
      now.toISOString(),
      touchSite,
      idleSince(ctx, now).toISOString(),
      ACTIVITY_INTERVAL_SECONDS,
      TOUCH_INTERVAL_SECONDS,
    ],
  );
  const row = r.rows[0];
  if (!row) throw new DomainError('WALLET_PLAYER_UNKNOWN', 'No game session has this player reference');
  if (row.noted) {
    const last = new Date(row.last as string | Date);
    const away = now.getTime() - last.getTime() > ctx.config.sessionIdleMinutes * 60_000;
    await noteGameActivity(q, row.player_id, away ? now : last, now);
  }
  return {
    tokenHash,
    playerId: row.player_id,
    siteSessionId: row.site_session_id,
    siteSessionLive: row.site_session_id === null || row.site_live === true,
  };
}

/**
 * Runs a bet or win as one transaction begun by beginGameCall. A refused call still counts its play time,
 * as the studio did: its transaction rolled back, the time is noted again on its own.
 */
async function inGameCall<T>(
  ctx: AppContext,
  provider: ProviderCode,
  player: string,
  now: Date,
  touchSite: boolean,
  fn: (q: Queryable, call: GameCall) => Promise<T>,
): Promise<T> {
  const tokenHash = sha256(player);
  try {
    return await ctx.db.tx(async (q) =>
      fn(q, await beginGameCall(ctx, q, provider, tokenHash, now, touchSite)),
    );
  } catch (err) {
    if (err instanceof DomainError) await noteWalletActivity(ctx, tokenHash, now);
    throw err;
  }
}

/** The player a player reference names at this provider (WALLET_PLAYER_UNKNOWN when none). */
export async function walletPlayerOf(
  q: Queryable,
  provider: ProviderCode,
  player: string,
): Promise<{ playerId: string }> {
  const { playerId } = await walletPlayer(q, provider, player);
  return { playerId };
}

/** Spends a launch token (once) and answers the player reference of this game session. */
export async function openWalletSession(
  ctx: AppContext,
  provider: ProviderCode,
  input: { token: string; gameId: string },
): Promise<WalletSession> {
  assertSeamless(ctx, provider);
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const { playerId, sessionId } = await redeemLaunchToken(q, { ...input, provider });
    // A token issued before a time-out, self-exclusion or the end of the day's play time opens nothing.
    await assertMayPlay(q, playerId, now);
    const player = randomBytes(32).toString('hex');
    await q.query(
      `INSERT INTO wallet_sessions (token_hash, player_id, provider, game_id, site_session_id)
       VALUES ($1, $2, $3, $4, $5)`,
      [sha256(player), playerId, provider, input.gameId, sessionId],
    );
    const { player: account } = await playerProviderAccounts(q, playerId, provider);
    return { player, playerId, balance: await currentBalance(q, account), currency: CURRENCY };
  });
}

/** The player's credit at the provider: the ledger account, no provider asked. */
export async function walletBalance(
  ctx: AppContext,
  provider: ProviderCode,
  input: { player: string; currency?: string },
): Promise<WalletAnswer> {
  assertSeamless(ctx, provider);
  const { playerId } = await walletPlayer(ctx.db, provider, input.player);
  assertCurrency(input.currency);
  const r = await ctx.db.query<{ balance: unknown }>('SELECT balance FROM ledger_accounts WHERE key = $1', [
    `player:${playerId}:${provider}`,
  ]);
  return { balance: r.rows[0] ? toInt(r.rows[0].balance) : 0, currency: CURRENCY };
}

/**
 * Debits a stake. Refused, moving nothing: a transaction id applied with other content, a bet whose rollback
 * came first, an ended round or another player's, an unknown game or another currency, then the player's
 * protection (time-out, self-exclusion, the day's play time, a loss limit), an ended site session, and a
 * stake above the credit (WALLET_INSUFFICIENT_FUNDS, detail `balance`).
 */
export async function placeWalletBet(
  ctx: AppContext,
  provider: ProviderCode,
  input: BetRequest,
): Promise<WalletAnswer> {
  assertSeamless(ctx, provider);
  const now = ctx.clock.now();
  const hash = contentHash('BET', { ...input });
  const reference = walletRefs(provider, input.transactionId).bet;
  if (isOrdinary(input)) {
    crashPoint('placeWalletBet:before-commit');
    const fast = await ctx.db.query<{ answer: WalletAnswer | null }>(
      `SELECT wallet_bet_fast($1::text, $2::text, $3::text, $4::text, $5::text, $6::bigint, $7::timestamptz,
         $8::timestamptz, $9::integer, $10::integer, $11::date, $12::date, $13::text, $14::text) AS answer`,
      [
        provider,
        sha256(input.player),
        input.transactionId,
        input.roundId,
        input.gameId,
        input.amount,
        now.toISOString(),
        idleSince(ctx, now).toISOString(),
        ACTIVITY_INTERVAL_SECONDS,
        TOUCH_INTERVAL_SECONDS,
        vientianeDay(now),
        playDay(now),
        hash,
        reference,
      ],
    );
    const answer = fast.rows[0]?.answer;
    if (answer) {
      crashPoint('placeWalletBet:after-commit');
      return answer;
    }
  }
  const answer = await inGameCall(ctx, provider, input.player, now, true, async (q, who) => {
    const credit = await lockCredit(q, who.playerId, provider);
    const seen = await betContext(q, provider, input, who.playerId, now);
    if (seen.repeat) return answerRepeat(seen.repeat, hash, input.transactionId);
    if (seen.tombstone)
      throw new DomainError(
        'WALLET_BET_ROLLED_BACK',
        `Bet ${input.transactionId} was rolled back before it came`,
      );
    assertCurrency(input.currency);
    if (!seen.game) throw new DomainError('WALLET_GAME_UNKNOWN', `No game ${input.gameId} at ${provider}`);
    if (seen.round) {
      assertRoundOf(seen.round, who.playerId, input.roundId);
      if (seen.round.status === 'ENDED')
        throw new DomainError('WALLET_ROUND_ENDED', `Round ${input.roundId} has ended: no more bets in it`);
    }
    refuseExclusion(
      seen.exclusion && { kind: seen.exclusion.kind, endsAt: new Date(seen.exclusion.ends_at) },
    );
    assertPlayTimeLeft(seen.playTimeLimit, seen.playedToday, now);
    if (seen.lossLimits) await assertWithinLossLimits(q, who.playerId, now, seen.lossLimits);
    if (!who.siteSessionLive)
      throw new DomainError('WALLET_SESSION_ENDED', 'The player session this game was opened from has ended');
    if (input.amount > credit.balance)
      throw new DomainError('WALLET_INSUFFICIENT_FUNDS', 'The stake is more than the credit', [
        { field: 'balance', message: String(credit.balance) },
      ]);

    await postTransfers(q, [
      {
        reference,
        kind: 'GAME_BET',
        debitAccountId: credit.player,
        creditAccountId: credit.float,
        amount: input.amount,
      },
    ]);
    const answer: WalletAnswer = {
      balance: credit.balance - input.amount,
      currency: CURRENCY,
      transactionId: input.transactionId,
      roundId: input.roundId,
    };
    await recordBet(q, provider, input, who.playerId, { hash, answer, reference, day: vientianeDay(now) });
    crashPoint('placeWalletBet:before-commit');
    return answer;
  });
  crashPoint('placeWalletBet:after-commit');
  return answer;
}

/**
 * A bet or win the database can decide in one statement when everything about it is ordinary (the
 * wallet_*_fast functions, migration 034): in the player's currency, an amount the ledger takes. Any other is
 * decided by the transaction below, which refuses it with its reason.
 */
function isOrdinary(input: { currency?: string; amount: number }): boolean {
  return (input.currency === undefined || input.currency === CURRENCY) && Number.isSafeInteger(input.amount);
}

/** A repeat of an accepted transaction gets its first answer; the same id with other content is refused. */
function answerRepeat(
  repeat: { hash: string; answer: WalletAnswer },
  hash: string,
  transactionId: string,
): WalletAnswer {
  if (repeat.hash !== hash)
    throw new DomainError(
      'WALLET_TRANSACTION_CONFLICT',
      `Transaction ${transactionId} was applied with other content`,
    );
  return repeat.answer;
}

/** What a bet is decided on, read in one round trip once the player's credit is locked. */
interface BetContext {
  repeat: { hash: string; answer: WalletAnswer } | null;
  tombstone: boolean;
  game: boolean;
  round: Pick<RoundRow, 'player_id' | 'status'> | null;
  exclusion: { kind: 'TIME_OUT' | 'SELF_EXCLUSION'; ends_at: string } | null;
  lossLimits: LossLimit[] | null;
  /** Seconds played on the play day, with this call's activity when it was noted. */
  playedToday: number;
  playTimeLimit: number | null;
}

async function betContext(
  q: Queryable,
  provider: ProviderCode,
  input: BetRequest,
  playerId: string,
  now: Date,
): Promise<BetContext> {
  // The exclusion is chosen as exclusionInForce chooses it (self-exclusion first), the loss limits in force
  // and the play-time limit as currentLimits reads them, and the play day as playedTodaySeconds reads it.
  const r = await q.query<
    Omit<BetContext, 'playedToday' | 'playTimeLimit'> & { played: unknown; play_limit: unknown }
  >(
    `SELECT
       (SELECT json_build_object('hash', request_hash, 'answer', answer) FROM wallet_transactions
         WHERE provider = $1 AND transaction_id = $2) AS repeat,
       EXISTS (SELECT 1 FROM wallet_tombstones WHERE provider = $1 AND bet_transaction_id = $2) AS tombstone,
       EXISTS (SELECT 1 FROM games WHERE id = $3 AND provider = $1) AS game,
       (SELECT json_build_object('player_id', player_id, 'status', status) FROM wallet_rounds
         WHERE provider = $1 AND round_id = $4) AS round,
       (SELECT json_build_object('kind', kind, 'ends_at', ends_at) FROM player_exclusions
         WHERE player_id = $5 AND starts_at <= $6 AND ends_at > $6
         ORDER BY kind = 'SELF_EXCLUSION' DESC, ends_at DESC LIMIT 1) AS exclusion,
       (SELECT json_agg(json_build_object('period', period, 'amount', amount) ORDER BY period) FROM player_limits
         WHERE player_id = $5 AND kind = 'LOSS' AND amount IS NOT NULL) AS "lossLimits",
       (SELECT seconds FROM player_play_time WHERE player_id = $5 AND day = $7) AS played,
       (SELECT amount FROM player_limits
         WHERE player_id = $5 AND kind = 'PLAY_TIME' AND period = 'DAY' AND amount IS NOT NULL) AS play_limit`,
    [provider, input.transactionId, input.gameId, input.roundId, playerId, now.toISOString(), playDay(now)],
  );
  const { played, play_limit, ...row } = r.rows[0]!;
  return {
    ...row,
    playedToday: played === null ? 0 : toInt(played),
    playTimeLimit: play_limit === null ? null : toInt(play_limit),
  };
}

/**
 * Writes an accepted bet in one round trip: its round (opened by it, or its stake added), the stake counted
 * for the player's turnover (promotions, rewards) and the day's stakes (check-in, referral), and the
 * transaction id's row with its answer. A round opened meanwhile by another player's call with the same id
 * takes no stake of this player's (WALLET_ROUND_MISMATCH), and an ended one none at all (WALLET_ROUND_ENDED).
 */
async function recordBet(
  q: Queryable,
  provider: ProviderCode,
  input: BetRequest,
  playerId: string,
  written: { hash: string; answer: WalletAnswer; reference: string; day: string },
): Promise<void> {
  const r = await q.query<{ refused: 'WALLET_ROUND_MISMATCH' | 'WALLET_ROUND_ENDED' | null }>(
    `SELECT wallet_record_bet($1::text, $2::text, $3::uuid, $4::text, $5::bigint, $6::date, $7::text, $8::text,
       $9::jsonb, $10::text) AS refused`,
    [
      provider,
      input.roundId,
      playerId,
      input.gameId,
      input.amount,
      written.day,
      input.transactionId,
      written.hash,
      JSON.stringify(written.answer),
      written.reference,
    ],
  );
  const refused = r.rows[0]?.refused;
  if (refused === 'WALLET_ROUND_MISMATCH')
    throw new DomainError(refused, `Round ${input.roundId} is another player's`);
  if (refused === 'WALLET_ROUND_ENDED')
    throw new DomainError(refused, `Round ${input.roundId} has ended: no more bets in it`);
}

/**
 * Credits a win (0: the round was lost) to an open round of the player, and ends the round when asked.
 * Refused: an unknown or ended round, another player's round, a named bet that is unknown or of another
 * round. Never refused by the player's protection: the stake was taken in an open round.
 */
export async function creditWalletWin(
  ctx: AppContext,
  provider: ProviderCode,
  input: WinRequest,
): Promise<WalletAnswer> {
  assertSeamless(ctx, provider);
  const now = ctx.clock.now();
  const hash = contentHash('WIN', { ...input });
  const winReference = walletRefs(provider, input.transactionId).win;
  if (isOrdinary(input)) {
    const fast = await ctx.db.query<{ answer: WalletAnswer | null }>(
      `SELECT wallet_win_fast($1::text, $2::text, $3::text, $4::text, $5::text, $6::bigint, $7::boolean, $8::text,
         $9::timestamptz, $10::timestamptz, $11::integer, $12::date, $13::text, $14::text) AS answer`,
      [
        provider,
        sha256(input.player),
        input.transactionId,
        input.roundId,
        input.gameId,
        input.amount,
        input.endRound === true,
        input.betTransactionId ?? null,
        now.toISOString(),
        idleSince(ctx, now).toISOString(),
        ACTIVITY_INTERVAL_SECONDS,
        playDay(now),
        hash,
        winReference,
      ],
    );
    const answer = fast.rows[0]?.answer;
    if (answer) return answer;
  }
  return inGameCall(ctx, provider, input.player, now, false, async (q, who) => {
    const credit = await lockCredit(q, who.playerId, provider);
    const seen = await winContext(q, provider, input);
    if (seen.repeat) return answerRepeat(seen.repeat, hash, input.transactionId);
    assertCurrency(input.currency);
    if (!seen.game) throw new DomainError('WALLET_GAME_UNKNOWN', `No game ${input.gameId} at ${provider}`);
    const round = seen.round;
    if (!round)
      throw new DomainError('WALLET_ROUND_NOT_FOUND', `No round ${input.roundId}: no bet was placed in it`);
    assertRoundOf(round, who.playerId, input.roundId);
    if (round.status === 'ENDED')
      throw new DomainError('WALLET_ROUND_ENDED', `Round ${input.roundId} has ended: it takes no more wins`);
    if (input.betTransactionId !== undefined) {
      if (!seen.bet) throw new DomainError('WALLET_BET_NOT_FOUND', `No bet ${input.betTransactionId}`);
      if (seen.bet.round_id !== input.roundId)
        throw new DomainError(
          'WALLET_ROUND_MISMATCH',
          `Bet ${input.betTransactionId} is of round ${seen.bet.round_id}, not ${input.roundId}`,
        );
    }

    let reference: string | null = null;
    if (input.amount > 0) {
      reference = winReference;
      await postTransfers(q, [
        {
          reference,
          kind: 'GAME_WIN',
          debitAccountId: credit.float,
          creditAccountId: credit.player,
          amount: input.amount,
          playedAt: new Date(round.opened_at),
        },
      ]);
    }
    const answer: WalletAnswer = {
      balance: credit.balance + input.amount,
      currency: CURRENCY,
      transactionId: input.transactionId,
      roundId: input.roundId,
    };
    await q.query(
      `SELECT wallet_record_win($1::text, $2::text, $3::uuid, $4::text, $5::bigint, $6::boolean, $7::text, $8::text,
         $9::text, $10::jsonb, $11::text) AS recorded`,
      [
        provider,
        input.roundId,
        who.playerId,
        input.gameId,
        input.amount,
        input.endRound === true,
        input.transactionId,
        input.betTransactionId ?? null,
        hash,
        JSON.stringify(answer),
        reference,
      ],
    );
    return answer;
  });
}

/** What a win is decided on, read in one round trip once the player's credit is locked. */
interface WinContext {
  repeat: { hash: string; answer: WalletAnswer } | null;
  game: boolean;
  round: { player_id: string; status: 'OPEN' | 'ENDED'; opened_at: string } | null;
  bet: { round_id: string } | null;
}

/**
 * The round is read, not locked: its status and sums change only under its player's credit lock, which the
 * caller holds (a call naming another player's round is refused).
 */
async function winContext(q: Queryable, provider: ProviderCode, input: WinRequest): Promise<WinContext> {
  const r = await q.query<WinContext>(
    `SELECT
       (SELECT json_build_object('hash', request_hash, 'answer', answer) FROM wallet_transactions
         WHERE provider = $1 AND transaction_id = $2) AS repeat,
       EXISTS (SELECT 1 FROM games WHERE id = $3 AND provider = $1) AS game,
       (SELECT json_build_object('player_id', player_id, 'status', status, 'opened_at', opened_at)
         FROM wallet_rounds WHERE provider = $1 AND round_id = $4) AS round,
       (SELECT json_build_object('round_id', round_id) FROM wallet_transactions
         WHERE provider = $1 AND transaction_id = $5 AND kind = 'BET') AS bet`,
    [provider, input.transactionId, input.gameId, input.roundId, input.betTransactionId ?? null],
  );
  return r.rows[0]!;
}

/**
 * Refunds a bet of an open round, once (a second rollback of the same bet under another id is accepted and
 * moves nothing). A bet never received is remembered by a tombstone, and the rollback is accepted with the
 * credit unchanged. Refused: another round's bet, another player's, an amount other than the bet's
 * (WALLET_TRANSACTION_CONFLICT), an ended round.
 */
export async function rollbackWalletBet(
  ctx: AppContext,
  provider: ProviderCode,
  input: Omit<RollbackRequest, 'amount'> & { amount?: number },
): Promise<WalletAnswer> {
  assertSeamless(ctx, provider);
  const hash = contentHash('ROLLBACK', { ...input });
  const answer = await ctx.db.tx(async (q) => {
    const who = await walletPlayer(q, provider, input.player);
    const credit = await lockCredit(q, who.playerId, provider);
    const again = await repeated(q, provider, input.transactionId, hash);
    if (again) return again;
    assertCurrency(input.currency);
    await assertGame(q, provider, input.gameId);
    const found = await q.query<TransactionRow>(
      `SELECT kind, player_id, round_id, amount, request_hash, answer, rolled_back FROM wallet_transactions
       WHERE provider = $1 AND transaction_id = $2 FOR UPDATE`,
      [provider, input.betTransactionId],
    );
    const bet = found.rows[0];
    const round = await lockRound(q, provider, input.roundId);
    if (round) assertRoundOf(round, who.playerId, input.roundId);
    let reference: string | null = null;
    let refunded = 0;
    if (!bet) {
      await q.query(
        `INSERT INTO wallet_tombstones (provider, bet_transaction_id, rollback_transaction_id, round_id)
         VALUES ($1, $2, $3, $4) ON CONFLICT (provider, bet_transaction_id) DO NOTHING`,
        [provider, input.betTransactionId, input.transactionId, input.roundId],
      );
    } else {
      if (bet.kind !== 'BET')
        throw new DomainError('WALLET_BET_NOT_FOUND', `Transaction ${input.betTransactionId} is no bet`);
      if (bet.player_id !== who.playerId)
        throw new DomainError('WALLET_ROUND_MISMATCH', `Bet ${input.betTransactionId} is another player's`);
      if (bet.round_id !== input.roundId)
        throw new DomainError(
          'WALLET_ROUND_MISMATCH',
          `Bet ${input.betTransactionId} is of round ${bet.round_id}, not ${input.roundId}`,
        );
      // A dialect without the amount (Hub88's) refunds the bet's own.
      if (input.amount !== undefined && toInt(bet.amount) !== input.amount)
        throw new DomainError(
          'WALLET_TRANSACTION_CONFLICT',
          `Bet ${input.betTransactionId} was of another amount`,
        );
      if (round?.status === 'ENDED')
        throw new DomainError('WALLET_ROUND_ENDED', `Round ${input.roundId} has ended: its bets stand`);
      if (!bet.rolled_back) {
        refunded = toInt(bet.amount);
        reference = walletRefs(provider, input.transactionId).refund;
        await postTransfers(q, [
          {
            reference,
            kind: 'GAME_REFUND',
            debitAccountId: credit.float,
            creditAccountId: credit.player,
            amount: refunded,
            playedAt: new Date(round!.opened_at as string | Date),
          },
        ]);
        await q.query(
          'UPDATE wallet_transactions SET rolled_back = true WHERE provider = $1 AND transaction_id = $2',
          [provider, input.betTransactionId],
        );
        await q.query(
          'UPDATE wallet_rounds SET refunds = refunds + $3 WHERE provider = $1 AND round_id = $2',
          [provider, input.roundId, refunded],
        );
      }
    }
    const answer: WalletAnswer = {
      balance: credit.balance + refunded,
      currency: CURRENCY,
      transactionId: input.transactionId,
      roundId: input.roundId,
    };
    await recordTransaction(q, {
      provider,
      transactionId: input.transactionId,
      kind: 'ROLLBACK',
      playerId: who.playerId,
      roundId: input.roundId,
      gameId: input.gameId,
      amount: input.amount ?? refunded,
      betTransactionId: input.betTransactionId,
      hash,
      answer,
      ledgerReference: reference,
    });
    crashPoint('rollbackWalletBet:before-commit');
    return answer;
  });
  crashPoint('rollbackWalletBet:after-commit');
  return answer;
}

/** Ends a round of the player: later bets in it are refused. Ending an ended round answers the same. */
export async function endWalletRound(
  ctx: AppContext,
  provider: ProviderCode,
  input: EndRoundRequest,
): Promise<WalletAnswer> {
  assertSeamless(ctx, provider);
  return ctx.db.tx(async (q) => {
    const who = await walletPlayer(q, provider, input.player);
    const credit = await lockCredit(q, who.playerId, provider);
    const round = await lockRound(q, provider, input.roundId);
    if (!round) throw new DomainError('WALLET_ROUND_NOT_FOUND', `No round ${input.roundId}`);
    assertRoundOf(round, who.playerId, input.roundId);
    if (round.status === 'OPEN')
      await q.query(
        `UPDATE wallet_rounds SET status = 'ENDED', ended_at = app_now() WHERE provider = $1 AND round_id = $2`,
        [provider, input.roundId],
      );
    return { balance: credit.balance, currency: CURRENCY, roundId: input.roundId };
  });
}

/** Whether the player has a round open at this seamless provider (a withdrawal waits for it to end). */
export async function hasOpenWalletRound(
  q: Queryable,
  playerId: string,
  provider: ProviderCode,
): Promise<boolean> {
  const r = await q.query(
    `SELECT 1 FROM wallet_rounds WHERE player_id = $1 AND provider = $2 AND status = 'OPEN' LIMIT 1`,
    [playerId, provider],
  );
  return r.rows.length > 0;
}
