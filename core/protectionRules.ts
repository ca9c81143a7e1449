import type { components } from './contract';

type LimitKind = components['schemas']['LimitKind'];
type LimitPeriod = components['schemas']['LimitPeriod'];

/**
 * The numbers of player protection (docs/protection.md), in one place for the server, `npm run ops` and the
 * web app. openapi.yaml states the same bounds for request validation; a test checks they agree.
 */

export const LIMIT_KINDS = ['DEPOSIT', 'LOSS', 'PLAY_TIME'] as const satisfies readonly LimitKind[];
export const LIMIT_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const satisfies readonly LimitPeriod[];

/** The periods each kind of limit is set for: money by day, week and month, play time by day. */
export const PERIODS_OF: Record<LimitKind, readonly LimitPeriod[]> = {
  DEPOSIT: LIMIT_PERIODS,
  LOSS: LIMIT_PERIODS,
  PLAY_TIME: ['DAY'],
};

/** Money limits in whole LAK; the play-time limit in minutes a day, from a quarter of an hour to the whole day. */
export const LIMIT_RANGE: Record<LimitKind, { min: number; max: number }> = {
  DEPOSIT: { min: 1, max: 1_000_000_000 },
  LOSS: { min: 1, max: 1_000_000_000 },
  PLAY_TIME: { min: 15, max: 1440 },
};

/** Rolling windows, not calendar periods: a limit never resets at midnight to allow a burst. */
export const PERIOD_DAYS: Record<LimitPeriod, number> = { DAY: 1, WEEK: 7, MONTH: 30 };

const HOUR_MS = 3_600_000;
/** A raise or removal waits this long before the player may confirm it (RTS 12: 24-hour cooling-off). */
export const COOLING_OFF_MS = 24 * HOUR_MS;
/** …and must then be confirmed within this window, or it lapses. */
export const CONFIRM_WINDOW_MS = 7 * 24 * HOUR_MS;

/** Minutes between reality checks the player may choose. */
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

/** Time-outs: any whole number of days up to six weeks (RTS 14); the site offers these lengths. */
export const MAX_TIME_OUT_DAYS = 42;
export const TIME_OUT_DAYS = [1, 7, 30, MAX_TIME_OUT_DAYS] as const;

/** Self-exclusion: 6 months, 1, 2 or 5 years. */
export const SELF_EXCLUSION_MONTHS = [6, 12, 24, 60] as const;
export type SelfExclusionMonths = (typeof SELF_EXCLUSION_MONTHS)[number];
