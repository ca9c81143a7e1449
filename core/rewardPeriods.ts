/**
 * The periods rewards are counted over (docs/rewards.md): calendar days and weeks (Monday to Sunday) in
 * Asia/Vientiane, which is UTC+7 all year (no daylight time), so a period starts at local midnight.
 */

export type RewardPeriodKind = 'DAY' | 'WEEK';

export interface RewardPeriod {
  kind: RewardPeriodKind;
  /** The first instant of the period (local midnight). */
  start: Date;
  /** The first instant after it. */
  end: Date;
  /** `day:YYYY-MM-DD` or `week:YYYY-MM-DD` (the Monday): how operators name it. */
  name: string;
}

const VIENTIANE_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** The local calendar day of an instant in Vientiane, as YYYY-MM-DD. */
export function vientianeDay(instant: Date): string {
  return new Date(instant.getTime() + VIENTIANE_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of a Vientiane calendar day (YYYY-MM-DD): its local midnight. */
export function vientianeDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - VIENTIANE_OFFSET_MS);
}

/** The calendar day `days` after (or before, when negative) a day, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function periodFrom(kind: RewardPeriodKind, startDay: string): RewardPeriod {
  const start = vientianeDayStart(startDay);
  const end = new Date(start.getTime() + (kind === 'DAY' ? DAY_MS : 7 * DAY_MS));
  return { kind, start, end, name: `${kind.toLowerCase()}:${startDay}` };
}

/** The period of a kind that holds an instant. */
export function periodOf(kind: RewardPeriodKind, instant: Date): RewardPeriod {
  const day = vientianeDay(instant);
  if (kind === 'DAY') return periodFrom(kind, day);
  // getUTCDay of the local date: 0 is Sunday, the last day of a Monday-to-Sunday week.
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const sinceMonday = (weekday + 6) % 7;
  return periodFrom(
    kind,
    vientianeDay(new Date(Date.parse(`${day}T12:00:00Z`) - sinceMonday * DAY_MS - VIENTIANE_OFFSET_MS)),
  );
}

/** The period just before one. */
export function previousPeriod(period: RewardPeriod): RewardPeriod {
  return periodOf(period.kind, new Date(period.start.getTime() - 1));
}

/**
 * A period from its operator name (`day:2026-11-27`, `week:2026-11-23`), or undefined when the text names
 * none: an unknown kind, a date that does not exist, or a week that does not start on a Monday.
 */
export function parsePeriod(text: string): RewardPeriod | undefined {
  const match = /^(day|week):([0-9]{4}-[0-9]{2}-[0-9]{2})$/.exec(text.trim());
  if (!match) return undefined;
  const kind = match[1] === 'day' ? 'DAY' : 'WEEK';
  const day = match[2]!;
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) return undefined;
  const period = periodFrom(kind, day);
  return periodOf(kind, period.start).name === period.name ? period : undefined;
}

/**
 * The instant a change of period kind asked for at `now` takes effect: the start of the next week, the first
 * instant that ends a period of both kinds, so no day already paid falls inside a period of the new kind
 * (and no running week is cut in two). At a week's start exactly, at once.
 */
export function periodChangeFrom(now: Date): Date {
  const week = periodOf('WEEK', now);
  return week.start.getTime() === now.getTime() ? week.start : week.end;
}
