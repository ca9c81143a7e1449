import type { Queryable } from '../db/types';
import { toInt } from '../db/values';
import { DomainError } from '../errors';
import { notePlayActivity, playDayEndsAt, playTimeLimitMinutes, playedTodaySeconds } from './playTime';
import { deleteAllSessions } from './sessions';
import {
  CONFIRM_WINDOW_MS,
  COOLING_OFF_MS,
  LIMIT_RANGE,
  MAX_TIME_OUT_DAYS,
  PERIOD_DAYS,
  SELF_EXCLUSION_MONTHS,
  REALITY_CHECK_MINUTES,
  type SelfExclusionMonths,
} from '@core/protectionRules';

/**
 * Player protection rules (docs/protection.md): deposit and loss limits, time-outs and self-exclusions.
 * Every function takes the clock as `now`, so tests can move time; callers pass `new Date()`.
 * These rules only refuse: they never move money.
 */

export type LimitKind = 'DEPOSIT' | 'LOSS' | 'PLAY_TIME';
export type LimitPeriod = 'DAY' | 'WEEK' | 'MONTH';
export type ExclusionKind = 'TIME_OUT' | 'SELF_EXCLUSION';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface PendingChange {
  /** null: the limit is to be removed. */
  amount: number | null;
  requestedAt: Date;
  confirmableFrom: Date;
  confirmableUntil: Date;
}

export interface PlayerLimit {
  kind: LimitKind;
  period: LimitPeriod;
  /** The limit in force (LAK), null when none. */
  amount: number | null;
  effectiveFrom: Date | null;
  pending: PendingChange | null;
}

export interface Exclusion {
  kind: ExclusionKind;
  startsAt: Date;
  endsAt: Date;
}

interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: string | number | null;
  effective_from: Date | string | null;
  pending_amount: string | number | null;
  pending_requested_at: Date | string | null;
  pending_confirmable_from: Date | string | null;
  pending_confirmable_until: Date | string | null;
}

function dateOf(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function toLimit(r: LimitRow): PlayerLimit {
  return {
    kind: r.kind,
    period: r.period,
    amount: r.amount === null ? null : toInt(r.amount),
    effectiveFrom: r.effective_from === null ? null : dateOf(r.effective_from),
    pending:
      r.pending_requested_at === null
        ? null
        : {
            amount: r.pending_amount === null ? null : toInt(r.pending_amount),
            requestedAt: dateOf(r.pending_requested_at),
            confirmableFrom: dateOf(r.pending_confirmable_from!),
            confirmableUntil: dateOf(r.pending_confirmable_until!),
          },
  };
}

/**
 * The player's limits, one per kind and period that has a limit or a pending change. A pending change
 * whose confirmation window has passed is reported as null (it has lapsed; confirmLimitChange clears it).
 */
export async function currentLimits(q: Queryable, playerId: string, now: Date): Promise<PlayerLimit[]> {
  const r = await q.query<LimitRow>(
    `SELECT kind, period, amount, effective_from, pending_amount, pending_requested_at,
            pending_confirmable_from, pending_confirmable_until
     FROM player_limits WHERE player_id = $1 ORDER BY kind, period`,
    [playerId],
  );
  return r.rows
    .map(toLimit)
    .map((l) => (l.pending && l.pending.confirmableUntil <= now ? { ...l, pending: null } : l))
    .filter((l) => l.amount !== null || l.pending !== null);
}

async function limitRow(
  q: Queryable,
  playerId: string,
  kind: LimitKind,
  period: LimitPeriod,
): Promise<PlayerLimit | null> {
  // FOR UPDATE: two changes of the same limit at once are applied one after the other.
  const r = await q.query<LimitRow>(
    `SELECT kind, period, amount, effective_from, pending_amount, pending_requested_at,
            pending_confirmable_from, pending_confirmable_until
     FROM player_limits WHERE player_id = $1 AND kind = $2 AND period = $3 FOR UPDATE`,
    [playerId, kind, period],
  );
  return r.rows[0] ? toLimit(r.rows[0]) : null;
}

export type SetLimitOutcome = 'APPLIED' | 'PENDING';

function assertValidLimit(kind: LimitKind, period: LimitPeriod, amount: number | null): void {
  if (kind === 'PLAY_TIME') {
    if (period !== 'DAY')
      throw new DomainError('VALIDATION_ERROR', 'The play-time limit is a daily limit', [
        { field: 'period', message: 'must be DAY' },
      ]);
    if (
      amount !== null &&
      (!Number.isInteger(amount) || amount < LIMIT_RANGE.PLAY_TIME.min || amount > LIMIT_RANGE.PLAY_TIME.max)
    )
      throw new DomainError('VALIDATION_ERROR', 'A play-time limit is 15 to 1440 minutes a day', [
        { field: 'amount', message: `${LIMIT_RANGE.PLAY_TIME.min} to ${LIMIT_RANGE.PLAY_TIME.max}` },
      ]);
    return;
  }
  if (amount !== null && (!Number.isSafeInteger(amount) || amount <= 0 || amount > LIMIT_RANGE.DEPOSIT.max))
    throw new DomainError('VALIDATION_ERROR', 'A limit is a whole number of LAK above 0', [
      { field: 'amount', message: `a whole number from 1 to ${LIMIT_RANGE.DEPOSIT.max}` },
    ]);
}

/**
 * Sets a limit (amount in LAK, null to remove it). A stricter limit (lower, or one where none applied)
 * applies at once and drops any pending change; a looser one (higher, or removal) is stored as pending:
 * the player may confirm it from 24 h after the request until 7 days after that (confirmLimitChange).
 */
export async function setLimit(
  q: Queryable,
  playerId: string,
  kind: LimitKind,
  period: LimitPeriod,
  amount: number | null,
  now: Date,
): Promise<SetLimitOutcome> {
  assertValidLimit(kind, period, amount);
  const existing = await limitRow(q, playerId, kind, period);
  const inForce = existing?.amount ?? null;
  const stricter = amount !== null && (inForce === null || amount <= inForce);
  if (stricter) {
    await q.query(
      `INSERT INTO player_limits (player_id, kind, period, amount, effective_from)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (player_id, kind, period) DO UPDATE SET
         amount = EXCLUDED.amount, effective_from = EXCLUDED.effective_from, pending_amount = NULL,
         pending_requested_at = NULL, pending_confirmable_from = NULL, pending_confirmable_until = NULL`,
      [playerId, kind, period, amount, now.toISOString()],
    );
    return 'APPLIED';
  }
  if (inForce === null) return 'APPLIED'; // removing a limit that does not exist changes nothing
  const confirmableFrom = new Date(now.getTime() + COOLING_OFF_MS);
  const confirmableUntil = new Date(confirmableFrom.getTime() + CONFIRM_WINDOW_MS);
  await q.query(
    `UPDATE player_limits SET pending_amount = $4, pending_requested_at = $5, pending_confirmable_from = $6,
       pending_confirmable_until = $7
     WHERE player_id = $1 AND kind = $2 AND period = $3`,
    [
      playerId,
      kind,
      period,
      amount,
      now.toISOString(),
      confirmableFrom.toISOString(),
      confirmableUntil.toISOString(),
    ],
  );
  return 'PENDING';
}

/**
 * The player confirms a pending raise or removal. Refused before the 24 h have passed; after the 7-day
 * window the change has lapsed: LIMIT_CHANGE_NOT_PENDING, LIMIT_CHANGE_TOO_EARLY (detail confirmableFrom),
 * LIMIT_CHANGE_LAPSED.
 */
export async function confirmLimitChange(
  q: Queryable,
  playerId: string,
  kind: LimitKind,
  period: LimitPeriod,
  now: Date,
): Promise<PlayerLimit> {
  const existing = await limitRow(q, playerId, kind, period);
  const pending = existing?.pending;
  if (!existing || !pending)
    throw new DomainError('LIMIT_CHANGE_NOT_PENDING', 'No change of this limit waits for confirmation');
  if (now < pending.confirmableFrom)
    throw new DomainError(
      'LIMIT_CHANGE_TOO_EARLY',
      'The change can be confirmed only 24 h after it was asked for',
      [{ field: 'confirmableFrom', message: pending.confirmableFrom.toISOString() }],
    );
  const clearPending = `pending_amount = NULL, pending_requested_at = NULL, pending_confirmable_from = NULL,
       pending_confirmable_until = NULL`;
  // A lapsed change stays stored but counts for nothing (currentLimits omits it) until the next setLimit
  // replaces it: clearing it here would be rolled back with the refusal.
  if (now >= pending.confirmableUntil)
    throw new DomainError(
      'LIMIT_CHANGE_LAPSED',
      'The change was not confirmed within 7 days and has lapsed',
      [{ field: 'confirmableUntil', message: pending.confirmableUntil.toISOString() }],
    );
  await q.query(
    `UPDATE player_limits SET amount = $4, effective_from = $5, ${clearPending}
     WHERE player_id = $1 AND kind = $2 AND period = $3`,
    [playerId, kind, period, pending.amount, now.toISOString()],
  );
  return { kind, period, amount: pending.amount, effectiveFrom: now, pending: null };
}

// Exclusions ---------------------------------------------------------------------------------------------

interface ExclusionRow {
  id: string | number;
  kind: ExclusionKind;
  starts_at: Date | string;
  ends_at: Date | string;
}

function toExclusion(r: ExclusionRow): Exclusion {
  return { kind: r.kind, startsAt: dateOf(r.starts_at), endsAt: dateOf(r.ends_at) };
}

/** The player's exclusions in force at now, self-exclusion first (it is the stronger). */
export async function exclusionsInForce(q: Queryable, playerId: string, now: Date): Promise<Exclusion[]> {
  const r = await q.query<ExclusionRow>(
    `SELECT id, kind, starts_at, ends_at FROM player_exclusions
     WHERE player_id = $1 AND starts_at <= $2 AND ends_at > $2
     ORDER BY kind = 'SELF_EXCLUSION' DESC, ends_at DESC`,
    [playerId, now.toISOString()],
  );
  return r.rows.map(toExclusion);
}

/** The exclusion that decides what the player may do at now (self-exclusion before time-out), or null. */
export async function exclusionInForce(q: Queryable, playerId: string, now: Date): Promise<Exclusion | null> {
  return (await exclusionsInForce(q, playerId, now))[0] ?? null;
}

/**
 * Adds an exclusion of kind from now to endsAt, or extends the one of that kind in force. A request that
 * would end it sooner is refused: an exclusion is never shortened (the table's trigger holds this too).
 */
async function exclude(
  q: Queryable,
  playerId: string,
  kind: ExclusionKind,
  endsAt: Date,
  now: Date,
): Promise<Exclusion> {
  // Lock the player: two exclusions asked for at once do not both insert.
  await q.query('SELECT 1 FROM players WHERE id = $1 FOR UPDATE', [playerId]);
  const current = await q.query<ExclusionRow>(
    `SELECT id, kind, starts_at, ends_at FROM player_exclusions
     WHERE player_id = $1 AND kind = $2 AND starts_at <= $3 AND ends_at > $3 ORDER BY ends_at DESC LIMIT 1`,
    [playerId, kind, now.toISOString()],
  );
  const row = current.rows[0];
  if (row) {
    const existing = toExclusion(row);
    if (endsAt < existing.endsAt)
      throw new DomainError(
        'EXCLUSION_NOT_SHORTENED',
        `An exclusion is never shortened: this one ends ${existing.endsAt.toISOString()}`,
        [{ field: 'endsAt', message: existing.endsAt.toISOString() }],
      );
    await q.query('UPDATE player_exclusions SET ends_at = $2 WHERE id = $1', [row.id, endsAt.toISOString()]);
    return { ...existing, endsAt };
  }
  await q.query(
    `INSERT INTO player_exclusions (player_id, kind, starts_at, ends_at) VALUES ($1, $2, $3, $4)`,
    [playerId, kind, now.toISOString(), endsAt.toISOString()],
  );
  return { kind, startsAt: now, endsAt };
}

/** A time-out of a whole number of days (1 = 24 h, 7, 30, up to 42), in force at once. */
export async function takeTimeOut(
  q: Queryable,
  playerId: string,
  days: number,
  now: Date,
): Promise<Exclusion> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_TIME_OUT_DAYS)
    throw new DomainError('VALIDATION_ERROR', `A time-out lasts 1 to ${MAX_TIME_OUT_DAYS} days`, [
      { field: 'days', message: `1 to ${MAX_TIME_OUT_DAYS}` },
    ]);
  return exclude(q, playerId, 'TIME_OUT', new Date(now.getTime() + days * DAY_MS), now);
}

/** Calendar months in UTC: 6 months from 31 August ends on 3 March (Date rolls over), never earlier. */
function addMonths(date: Date, months: number): Date {
  const end = new Date(date.getTime());
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/** Self-exclusion for 6, 12, 24 or 60 months: in force at once, and every session of the player ends. */
export async function selfExclude(
  q: Queryable,
  playerId: string,
  months: SelfExclusionMonths,
  now: Date,
): Promise<Exclusion> {
  if (!SELF_EXCLUSION_MONTHS.includes(months))
    throw new DomainError('VALIDATION_ERROR', 'Self-exclusion lasts 6, 12, 24 or 60 months', [
      { field: 'months', message: SELF_EXCLUSION_MONTHS.join(', ') },
    ]);
  const exclusion = await exclude(q, playerId, 'SELF_EXCLUSION', addMonths(now, months), now);
  await deleteAllSessions(q, playerId);
  return exclusion;
}

/**
 * Refuses what an excluded player may not do (deposit, claim a promotion, launch a game): PLAYER_SELF_EXCLUDED
 * or PLAYER_TIMED_OUT. Withdrawals and history never call it.
 */
export async function assertNotExcluded(q: Queryable, playerId: string, now: Date): Promise<void> {
  const exclusion = await exclusionInForce(q, playerId, now);
  if (!exclusion) return;
  const details = [{ field: 'endsAt', message: exclusion.endsAt.toISOString() }];
  if (exclusion.kind === 'SELF_EXCLUSION')
    throw new DomainError('PLAYER_SELF_EXCLUDED', 'The player is self-excluded', details);
  throw new DomainError('PLAYER_TIMED_OUT', 'The player has taken a time-out', details);
}

// Limits at deposit time ---------------------------------------------------------------------------------

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
  if (limit === null) return;
  if ((await playedTodaySeconds(q, playerId, now)) < limit * 60) return;
  throw new DomainError('PLAY_TIME_LIMIT_REACHED', 'The daily play-time limit is reached', [
    { field: 'until', message: playDayEndsAt(now).toISOString() },
  ]);
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
): Promise<void> {
  const { crossedLimit } = await notePlayActivity(q, playerId, since, now);
  if (crossedLimit) await deleteAllSessions(q, playerId);
}

// Reality checks -------------------------------------------------------------------------------------------

export async function realityCheckMinutes(q: Queryable, playerId: string): Promise<number | null> {
  const r = await q.query<{ reality_check_minutes: unknown }>(
    'SELECT reality_check_minutes FROM players WHERE id = $1',
    [playerId],
  );
  const value = r.rows[0]?.reality_check_minutes;
  return value === null || value === undefined ? null : toInt(value);
}

/** Sets how often the site reminds the player of the time played; null turns reminders off. */
export async function setRealityCheck(q: Queryable, playerId: string, minutes: number | null): Promise<void> {
  if (minutes !== null && !(REALITY_CHECK_MINUTES as readonly number[]).includes(minutes))
    throw new DomainError('VALIDATION_ERROR', 'Reminders come every 15, 30, 45, 60, 90 or 120 minutes', [
      { field: 'minutes', message: REALITY_CHECK_MINUTES.join(', ') },
    ]);
  await q.query('UPDATE players SET reality_check_minutes = $2 WHERE id = $1', [playerId, minutes]);
}
