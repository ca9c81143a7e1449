import { vientianeDay } from '@core/rewardPeriods';
import type { Dayjs } from 'dayjs';

/** How the API writes a day. */
export const API_DAY = 'YYYY-MM-DD';
/** docs/player-site.md §9: the date part of DD/MM/YYYY HH:mm:ss. */
export const SHOWN_DAY = 'DD/MM/YYYY';
/** A moment as the bet history shows it. */
export const SHOWN_TIME = 'DD/MM/YYYY HH:mm';
/** The contract's longest statement, first and last day included. */
export const MAX_STATEMENT_DAYS = 366;

export const PERIOD_PRESETS = ['today', 'last7', 'last30', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type FixedPreset = Exclude<PeriodPreset, 'custom'>;

/** Whole days, both included, as the statement query takes them. */
export interface StatementPeriod {
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const PRESET_DAYS: Record<FixedPreset, number> = { today: 1, last7: 7, last30: 30 };

/**
 * Today in Vientiane, as 'YYYY-MM-DD': the statement counts calendar days there whatever the device's
 * time zone (core/rewardPeriods.ts).
 */
export function vientianeToday(now = Date.now()): string {
  return vientianeDay(new Date(now));
}

// Day arithmetic on UTC midnights: the device's time zone and its daylight saving never shift a day.
function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A preset's days up to today: "last 7 days" is today and the 6 days before it. */
export function presetPeriod(preset: FixedPreset, today = vientianeToday()): StatementPeriod {
  return { from: addDays(today, 1 - PRESET_DAYS[preset]), to: today };
}

/**
 * Days the custom range cannot take: after today, or (once the first day is picked) further than the
 * longest statement from it, so the server's VALIDATION_ERROR for a too-long period cannot be reached.
 */
export function outsideStatement(date: Dayjs, firstPicked: Dayjs | undefined, today: string): boolean {
  const day = date.format(API_DAY);
  if (day > today) return true;
  if (!firstPicked) return false;
  return Math.abs(dayNumber(day) - dayNumber(firstPicked.format(API_DAY))) >= MAX_STATEMENT_DAYS;
}
