import type { Queryable } from '../../db/types';
import { DomainError } from '../../errors';
import { deleteAllSessions } from '../players/sessions';
import { MAX_TIME_OUT_DAYS, SELF_EXCLUSION_MONTHS, type SelfExclusionMonths } from '@core/protectionRules';

/**
 * Player protection, the exclusions (docs/protection.md): a time-out of days, a self-exclusion of months;
 * both in force at once and never shortened. Every function takes the clock as `now`.
 */

const DAY_MS = 24 * 3_600_000;

function dateOf(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

export type ExclusionKind = 'TIME_OUT' | 'SELF_EXCLUSION';

export interface Exclusion {
  kind: ExclusionKind;
  startsAt: Date;
  endsAt: Date;
}

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
  refuseExclusion(await exclusionInForce(q, playerId, now));
}

/** Refuses what an exclusion in force forbids (PLAYER_SELF_EXCLUDED or PLAYER_TIMED_OUT, detail `endsAt`). */
export function refuseExclusion(exclusion: Pick<Exclusion, 'kind' | 'endsAt'> | null): void {
  if (!exclusion) return;
  const details = [{ field: 'endsAt', message: exclusion.endsAt.toISOString() }];
  if (exclusion.kind === 'SELF_EXCLUSION')
    throw new DomainError('PLAYER_SELF_EXCLUDED', 'The player is self-excluded', details);
  throw new DomainError('PLAYER_TIMED_OUT', 'The player has taken a time-out', details);
}
