import type { LimitKind, LimitPeriod, PlayerLimit, Protection } from '@/api';

/** The limits the page offers, in the order it lists them (the server holds the same set). */
export const LIMIT_ROWS: { kind: LimitKind; period: LimitPeriod }[] = [
  { kind: 'DEPOSIT', period: 'DAY' },
  { kind: 'DEPOSIT', period: 'WEEK' },
  { kind: 'DEPOSIT', period: 'MONTH' },
  { kind: 'LOSS', period: 'DAY' },
  { kind: 'LOSS', period: 'WEEK' },
  { kind: 'LOSS', period: 'MONTH' },
  { kind: 'PLAY_TIME', period: 'DAY' },
];

export const PERIODS_OF: Record<LimitKind, LimitPeriod[]> = {
  DEPOSIT: ['DAY', 'WEEK', 'MONTH'],
  LOSS: ['DAY', 'WEEK', 'MONTH'],
  PLAY_TIME: ['DAY'],
};

/** As the contract bounds them: LAK for money limits, minutes a day for play time. */
export const LIMIT_RANGE: Record<LimitKind, { min: number; max: number }> = {
  DEPOSIT: { min: 1, max: 1_000_000_000 },
  LOSS: { min: 1, max: 1_000_000_000 },
  PLAY_TIME: { min: 15, max: 1440 },
};

export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;
/** Time-out lengths offered, in days: 24 hours, a week, a month, six weeks. */
export const TIME_OUT_DAYS = [1, 7, 30, 42] as const;
export const SELF_EXCLUSION_MONTHS = [6, 12, 24, 60] as const;

export function findLimit(
  protection: Protection | undefined,
  kind: LimitKind,
  period: LimitPeriod,
): PlayerLimit | undefined {
  return protection?.limits.find((l) => l.kind === kind && l.period === period);
}

/**
 * When the next reality check is due: every `intervalMinutes` counted from the login, the first one still
 * ahead of now (a page reload keeps the rhythm instead of starting it again).
 */
export function nextRealityCheckAt(loginAt: Date, intervalMinutes: number, now: Date): Date {
  const interval = intervalMinutes * 60_000;
  const elapsed = Math.max(0, now.getTime() - loginAt.getTime());
  return new Date(loginAt.getTime() + (Math.floor(elapsed / interval) + 1) * interval);
}

/** Seconds as "1 h 05 min" or "12 min", for the reality check. */
export function splitDuration(seconds: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(seconds / 60));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/**
 * The stacking level of protection's dialogs (reality check, end of the day's play time): above the game
 * view, which covers the whole screen at 1100 (features/game/GameViewPage.module.css), so a player inside a
 * game sees them too.
 */
export const OVER_GAME_VIEW_Z_INDEX = 1200;
