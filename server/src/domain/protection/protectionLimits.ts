import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { CONFIRM_WINDOW_MS, COOLING_OFF_MS, LIMIT_RANGE } from '@core/protectionRules';

/**
 * Player protection, the limits (docs/protection.md): deposit, loss and play-time limits a player sets, a
 * lower one at once, a higher one or a removal only confirmed after its cooling-off. Every function takes
 * the clock as `now`, so tests can move time; callers pass the context's clock (clock.ts). These rules only refuse: they never
 * move money. What a limit refuses is decided in protectionChecks.ts.
 */

export type LimitKind = 'DEPOSIT' | 'LOSS' | 'PLAY_TIME';
export type LimitPeriod = 'DAY' | 'WEEK' | 'MONTH';

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
