import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { assertNotExcluded } from './exclusions';
import {
  type PlayTimeNoted,
  notePlayActivity,
  playDayEndsAt,
  playTimeLimitMinutes,
  playedTodaySeconds,
} from '../players/playTime';
import { currentLimits, type LimitKind, type LimitPeriod } from './protectionLimits';
import { deleteAllSessions } from '../players/sessions';
import { PERIOD_DAYS } from '@core/protectionRules';

/**
 * Player protection at the moment of a deposit or a bet (docs/protection.md): what the exclusions and limits
 * in force refuse, and what counts against a limit. Every function takes the clock as `now`.
 */

const DAY_MS = 24 * 3_600_000;

/**
 * LAK that counts as put in over the window, by when money was credited: every deposit credited in the
 * window (whatever the state of its order when the bank paid: a payment after the order closed counts when
 * it arrives), plus deposits that may still be paid: an OPEN order, and a CANCELED or FAILED one whose QR
 * has not expired. Cancelling and opening again never makes room under a limit. `exceptCode` leaves out the
 * order being paid, when a payment is checked against the limits.
 */
async function depositedSince(
  q: Queryable,
  playerId: string,
  since: Date,
  now: Date,
  exceptCode: string | null = null,
): Promise<number> {
  const r = await q.query<{ total: string }>(
    `SELECT COALESCE(sum(amount), 0)::text AS total FROM orders
     WHERE player_id = $1 AND kind = 'DEPOSIT' AND code IS DISTINCT FROM $4
       AND ((credited_at IS NOT NULL AND credited_at > $2)
         OR (credited_at IS NULL AND return_reason IS NULL AND created_at > $2
             AND (status = 'OPEN' OR (status IN ('CANCELED', 'FAILED') AND expires_at > $3))))`,
    [playerId, since.toISOString(), now.toISOString(), exceptCode],
  );
  return toInt(r.rows[0]!.total);
}

/** LAK paid out to the player over the window: only SUCCESS withdrawals (an open one may still be rejected). */
async function withdrawnSince(q: Queryable, playerId: string, since: Date): Promise<number> {
  const r = await q.query<{ total: string }>(
    `SELECT COALESCE(sum(amount), 0)::text AS total FROM orders
     WHERE player_id = $1 AND kind = 'WITHDRAW' AND status = 'SUCCESS' AND created_at > $2`,
    [playerId, since.toISOString()],
  );
  return toInt(r.rows[0]!.total);
}

/** The first money limit that amountLak more would break: deposit limits first. */
export interface LimitBreach {
  code: 'DEPOSIT_LIMIT_EXCEEDED' | 'LOSS_LIMIT_EXCEEDED';
  period: LimitPeriod;
  limit: number;
  /** LAK the player may still put in over that window, never below 0. */
  remaining: number;
}

/**
 * Whether amountLak more, put in at now, would take the player over a deposit limit (deposits in the window
 * + this one) or a loss limit (deposits − withdrawals in the window + this one). `exceptCode`: the order
 * being paid, left out of what may still be paid.
 */
export async function limitBreach(
  q: Queryable,
  playerId: string,
  amountLak: number,
  now: Date,
  exceptCode: string | null = null,
): Promise<LimitBreach | null> {
  for (const limit of await currentLimits(q, playerId, now)) {
    if (limit.amount === null || limit.kind === 'PLAY_TIME') continue;
    const used = await moneyUsed(q, playerId, limit.kind, limit.period, now, exceptCode);
    if (used + amountLak <= limit.amount) continue;
    return {
      code: limit.kind === 'DEPOSIT' ? 'DEPOSIT_LIMIT_EXCEEDED' : 'LOSS_LIMIT_EXCEEDED',
      period: limit.period,
      limit: limit.amount,
      remaining: Math.max(0, limit.amount - used),
    };
  }
  return null;
}

/**
 * Refuses a deposit of amountLak the player may not make at now: an exclusion in force, then the first
 * limit it would break. The refusal's details name the period, the limit and what remains of it.
 */
export async function assertMayDeposit(
  q: Queryable,
  playerId: string,
  amountLak: number,
  now: Date,
): Promise<void> {
  await assertNotExcluded(q, playerId, now);
  const breach = await limitBreach(q, playerId, amountLak, now);
  if (!breach) return;
  const details = [
    { field: 'period', message: breach.period },
    { field: 'limit', message: String(breach.limit) },
    { field: 'remaining', message: String(breach.remaining) },
  ];
  const what = breach.code === 'DEPOSIT_LIMIT_EXCEEDED' ? 'deposit' : 'loss';
  throw new DomainError(breach.code, `Over the ${breach.period} ${what} limit`, details);
}

/** LAK that counts against a money limit at now: deposits in the window, less withdrawals for a loss limit. */
async function moneyUsed(
  q: Queryable,
  playerId: string,
  kind: 'DEPOSIT' | 'LOSS',
  period: LimitPeriod,
  now: Date,
  exceptCode: string | null = null,
): Promise<number> {
  const since = new Date(now.getTime() - PERIOD_DAYS[period] * DAY_MS);
  const deposited = await depositedSince(q, playerId, since, now, exceptCode);
  return kind === 'DEPOSIT' ? deposited : deposited - (await withdrawnSince(q, playerId, since));
}

/** What counts against a limit now: LAK for money limits (never below 0), whole minutes played today. */
export async function limitUsed(
  q: Queryable,
  playerId: string,
  kind: LimitKind,
  period: LimitPeriod,
  now: Date,
): Promise<number> {
  if (kind === 'PLAY_TIME') return Math.floor((await playedTodaySeconds(q, playerId, now)) / 60);
  return Math.max(0, await moneyUsed(q, playerId, kind, period, now));
}

/**
 * Refuses a game launch: an exclusion in force, or the daily play-time limit reached (PLAY_TIME_LIMIT_REACHED
 * with detail `until`, the end of the play day).
 */
export async function assertMayPlay(q: Queryable, playerId: string, now: Date): Promise<void> {
  await assertNotExcluded(q, playerId, now);
  const limit = await playTimeLimitMinutes(q, playerId);
  assertPlayTimeLeft(limit, limit === null ? 0 : await playedTodaySeconds(q, playerId, now), now);
}

/** Refuses play once the day's seconds reach the daily limit (PLAY_TIME_LIMIT_REACHED, detail `until`). */
export function assertPlayTimeLeft(limitMinutes: number | null, secondsToday: number, now: Date): void {
  if (limitMinutes === null || secondsToday < limitMinutes * 60) return;
  throw new DomainError('PLAY_TIME_LIMIT_REACHED', 'The daily play-time limit is reached', [
    { field: 'until', message: playDayEndsAt(now).toISOString() },
  ]);
}

/** A loss limit in force: its period and amount (LAK). */
export interface LossLimit {
  period: LimitPeriod;
  amount: number;
}

/**
 * Refuses a seamless bet while the player is over a loss limit (LOSS_LIMIT_EXCEEDED, details as a deposit's
 * refusal): deposits less withdrawals over the window above the limit, e.g. after the limit was lowered.
 * `limits`: the player's loss limits in force when the caller read them already.
 */
export async function assertWithinLossLimits(
  q: Queryable,
  playerId: string,
  now: Date,
  limits?: LossLimit[],
): Promise<void> {
  const inForce =
    limits ??
    (await currentLimits(q, playerId, now)).flatMap((l) =>
      l.kind === 'LOSS' && l.amount !== null ? [{ period: l.period, amount: l.amount }] : [],
    );
  for (const limit of inForce) {
    const used = await moneyUsed(q, playerId, 'LOSS', limit.period, now);
    if (used <= limit.amount) continue;
    throw new DomainError('LOSS_LIMIT_EXCEEDED', `Over the ${limit.period} loss limit`, [
      { field: 'period', message: limit.period },
      { field: 'limit', message: String(limit.amount) },
      { field: 'remaining', message: '0' },
    ]);
  }
}

/**
 * A bet or a round in a game at now, the game's previous activity having been at since: it counts as play
 * time like a session touch does. The activity that reaches the daily limit ends every session of the
 * player (the game's next bet is refused by assertMayPlay).
 */
export async function noteGameActivity(
  q: Queryable,
  playerId: string,
  since: Date,
  now: Date,
): Promise<PlayTimeNoted> {
  const noted = await notePlayActivity(q, playerId, since, now);
  if (noted.crossedLimit) await deleteAllSessions(q, playerId);
  return noted;
}
