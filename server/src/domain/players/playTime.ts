import { addDays, vientianeDay, vientianeDayStart } from '@core/rewardPeriods';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';

/**
 * Time played per day, for the daily play-time limit and the reality check (docs/protection.md). Play time
 * is time signed in and active, on the site or in a game: each session touch (at most once a minute) and
 * each bet adds the time since that source's previous activity not counted yet. Days are calendar days in Asia/Vientiane (UTC+7 all year, no daylight time),
 * so the limit renews at local midnight.
 */

/** The play day of an instant, as YYYY-MM-DD in Asia/Vientiane. */
export const playDay = vientianeDay;

/** The instant the play day of now ends (the next local midnight). */
export function playDayEndsAt(now: Date): Date {
  return vientianeDayStart(addDays(vientianeDay(now), 1));
}

/** The instant a play day (YYYY-MM-DD) begins. */
export const playDayStartsAt = vientianeDayStart;

export async function playedTodaySeconds(q: Queryable, playerId: string, now: Date): Promise<number> {
  const r = await q.query<{ seconds: unknown }>(
    'SELECT seconds FROM player_play_time WHERE player_id = $1 AND day = $2',
    [playerId, playDay(now)],
  );
  return r.rows[0] ? toInt(r.rows[0].seconds) : 0;
}

/** The daily play-time limit in force, in minutes, or null. */
export async function playTimeLimitMinutes(q: Queryable, playerId: string): Promise<number | null> {
  const r = await q.query<{ amount: unknown }>(
    `SELECT amount FROM player_limits WHERE player_id = $1 AND kind = 'PLAY_TIME' AND period = 'DAY'
       AND amount IS NOT NULL`,
    [playerId],
  );
  return r.rows[0] ? toInt(r.rows[0].amount) : null;
}

/** What a moment of activity left: the play day's seconds after it, and the daily limit in force. */
export interface PlayTimeNoted {
  /** True only when the day was under the limit before and reaches it now. */
  crossedLimit: boolean;
  secondsToday: number;
  limitMinutes: number | null;
}

interface PlayTimeRow {
  seconds_before: unknown;
  seconds_after: unknown;
  limit_minutes: unknown;
}

function playTimeNoted(row: PlayTimeRow): PlayTimeNoted {
  const before = toInt(row.seconds_before);
  const after = toInt(row.seconds_after);
  const limit = row.limit_minutes === null ? null : toInt(row.limit_minutes);
  return {
    crossedLimit: limit !== null && before < limit * 60 && after >= limit * 60,
    secondsToday: after,
    limitMinutes: limit,
  };
}

/**
 * Adds seconds of activity to the player's play day and tells whether this activity crossed the daily
 * limit: true only when the day was under the limit before and reaches it now, so the activity that
 * crosses it ends the play while a session opened after it (to withdraw or read history) is not ended.
 * The arithmetic is the database's add_play_time (migration 034), which the wallet's one-statement calls
 * share.
 */
export async function addPlayTime(
  q: Queryable,
  playerId: string,
  seconds: number,
  now: Date,
): Promise<PlayTimeNoted> {
  const r = await q.query<PlayTimeRow>(
    `SELECT seconds_before, seconds_after, limit_minutes FROM add_play_time($1::uuid, $2::date, $3::bigint)`,
    [playerId, playDay(now), Math.max(0, Math.floor(seconds))],
  );
  return playTimeNoted(r.rows[0]!);
}

/**
 * One moment of activity at `now` from a source that was last active at `since`: a session touching the
 * site, or a bet in a game. Play time is the union of those active stretches: time already counted (up to
 * players.play_counted_until) is not counted again when the player is on the site and in a game at once.
 * One round trip (note_play_activity, migration 034): a session touch and a game call both make it.
 */
export async function notePlayActivity(
  q: Queryable,
  playerId: string,
  since: Date,
  now: Date,
): Promise<PlayTimeNoted> {
  const r = await q.query<PlayTimeRow>(
    `SELECT seconds_before, seconds_after, limit_minutes
     FROM note_play_activity($1::uuid, $2::timestamptz, $3::timestamptz, $4::date)`,
    [playerId, since.toISOString(), now.toISOString(), playDay(now)],
  );
  return playTimeNoted(r.rows[0]!);
}
