import { LIMIT_KINDS, PERIODS_OF } from '@core/protectionRules';
import type { LimitKind, LimitPeriod, PlayerLimit, Protection } from '@/api';

/** The limits the page offers, in the order it lists them (core/protectionRules.ts: PERIODS_OF). */
export const LIMIT_ROWS: { kind: LimitKind; period: LimitPeriod }[] = LIMIT_KINDS.flatMap((kind) =>
  PERIODS_OF[kind].map((period) => ({ kind, period })),
);

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
