import { periodChangeFrom, type RewardPeriodKind } from '@core/rewardPeriods';
import type { Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';

/** The agency's loss cashback terms (reward_settings, one row; docs/rewards.md). Amounts in satang. */
export interface CashbackSettings {
  enabled: boolean;
  rateBasisPoints: number;
  period: RewardPeriodKind;
  minLoss: number;
  maxPayment: number;
  /** Multiple of a payment to stake at its provider before withdrawing from there; 0 for none. */
  turnover: number;
  /** AUTO: credited when the period ends; CLAIM: waits CASHBACK_CLAIM_DAYS for the player. */
  payment: 'AUTO' | 'CLAIM';
}

/** The daily check-in's terms. Rewards and turnover in satang, the deposit target in LAK. */
export interface CheckInSettings {
  enabled: boolean;
  /** What each day checked in pays. */
  dayReward: number;
  /** Every streakDays-th day in a row pays streakBonus on top. */
  streakDays: number;
  streakBonus: number;
  /** The day's deposits (LAK, credited that day) a check-in needs. */
  minDeposit: number;
  /** The day's stakes (satang, booked that day) a check-in needs. */
  minTurnover: number;
  /** Multiple of a check-in's reward to stake at its provider before credit leaves it; 0 for none. */
  turnover: number;
}

/** Refer a friend's terms: commission on friends' stakes or net loss, per Vientiane day, capped per month. */
export interface ReferralSettings {
  enabled: boolean;
  basis: 'STAKES' | 'NET_LOSS';
  rateBasisPoints: number;
  /** The most a referrer's commission accrues in a calendar month, satang. */
  monthlyCap: number;
  /** Multiple of a claim to stake at its provider before credit leaves it; 0 for none. */
  turnover: number;
}

/** How long a cashback paid on claim waits for the player. */
export const CASHBACK_CLAIM_DAYS = 7;

const CASHBACK_COLUMNS: Record<keyof CashbackSettings, string> = {
  enabled: 'cashback_enabled',
  rateBasisPoints: 'cashback_rate_bp',
  period: 'cashback_period',
  minLoss: 'cashback_min_loss',
  maxPayment: 'cashback_max',
  turnover: 'cashback_turnover',
  payment: 'cashback_payment',
};

const CHECK_IN_COLUMNS: Record<keyof CheckInSettings, string> = {
  enabled: 'checkin_enabled',
  dayReward: 'checkin_day_reward',
  streakDays: 'checkin_streak_days',
  streakBonus: 'checkin_streak_bonus',
  minDeposit: 'checkin_min_deposit',
  minTurnover: 'checkin_min_turnover',
  turnover: 'checkin_turnover',
};

const REFERRAL_COLUMNS: Record<keyof ReferralSettings, string> = {
  enabled: 'referral_enabled',
  basis: 'referral_basis',
  rateBasisPoints: 'referral_rate_bp',
  monthlyCap: 'referral_monthly_cap',
  turnover: 'referral_turnover',
};

/** Reads one group of settings: booleans and texts as they are, every other column an integer. */
async function readGroup<T>(q: Queryable, columns: Record<keyof T, string>): Promise<T> {
  const r = await q.query<Record<string, unknown>>(
    `SELECT ${Object.values<string>(columns).join(', ')} FROM reward_settings WHERE id = 1`,
  );
  const row = r.rows[0]!;
  const read = (value: unknown) =>
    typeof value === 'boolean' || (typeof value === 'string' && !/^-?[0-9]+$/.test(value))
      ? value
      : toInt(value);
  return Object.fromEntries(
    (Object.entries(columns) as [string, string][]).map(([key, column]) => [key, read(row[column])]),
  ) as T;
}

/** Changes some of a group; the table's checks refuse values out of range. */
async function updateGroup<T extends object>(
  q: Queryable,
  columns: Record<keyof T, string>,
  change: Partial<T>,
): Promise<void> {
  const keys = (Object.keys(change) as (keyof T)[]).filter((k) => change[k] !== undefined);
  if (keys.length === 0) return;
  const sets = keys.map((k, i) => `${columns[k]} = $${i + 1}`).join(', ');
  await q.query(
    `UPDATE reward_settings SET ${sets}, updated_at = app_now() WHERE id = 1`,
    keys.map((k) => change[k]),
  );
}

/** A change of the cashback period kind waiting for the week's start it takes effect at. */
export interface CashbackPeriodChange {
  period: RewardPeriodKind;
  from: Date;
}

export async function cashbackPeriodChange(q: Queryable): Promise<CashbackPeriodChange | undefined> {
  const r = await q.query<{
    cashback_period_next: RewardPeriodKind | null;
    cashback_period_next_from: unknown;
  }>('SELECT cashback_period_next, cashback_period_next_from FROM reward_settings WHERE id = 1');
  const row = r.rows[0]!;
  return row.cashback_period_next === null
    ? undefined
    : { period: row.cashback_period_next, from: new Date(toIso(row.cashback_period_next_from)) };
}

/** The cashback terms in force at an instant: the period kind is the one a waiting change has made it by then. */
export async function readCashbackSettings(q: Queryable, at: Date): Promise<CashbackSettings> {
  const settings = await readGroup<CashbackSettings>(q, CASHBACK_COLUMNS);
  const change = await cashbackPeriodChange(q);
  return change && at >= change.from ? { ...settings, period: change.period } : settings;
}
export const readCheckInSettings = (q: Queryable) => readGroup<CheckInSettings>(q, CHECK_IN_COLUMNS);
export const readReferralSettings = (q: Queryable) => readGroup<ReferralSettings>(q, REFERRAL_COLUMNS);

/**
 * A new rate, minimum, maximum or turnover applies to the periods settled after it; a new period kind
 * waits for the next week's start (periodChangeFrom), and asking again for the kind in force cancels a
 * change still waiting. Each loss is paid once whatever the periods (cashback.ts); the wait keeps every
 * period whole.
 */
export async function updateCashbackSettings(
  q: Queryable,
  change: Partial<CashbackSettings>,
  now: Date,
): Promise<CashbackSettings> {
  const { period, ...rest } = change;
  // A change whose moment has come is written as the kind in force first.
  const waiting = await cashbackPeriodChange(q);
  if (waiting && now >= waiting.from)
    await q.query(
      `UPDATE reward_settings SET cashback_period = cashback_period_next, cashback_period_next = NULL,
         cashback_period_next_from = NULL WHERE id = 1`,
    );
  await updateGroup(q, CASHBACK_COLUMNS, rest);
  if (period !== undefined) {
    const inForce = (await readGroup<CashbackSettings>(q, CASHBACK_COLUMNS)).period;
    const from = periodChangeFrom(now);
    if (period === inForce)
      await q.query(
        'UPDATE reward_settings SET cashback_period_next = NULL, cashback_period_next_from = NULL WHERE id = 1',
      );
    else if (from.getTime() === now.getTime())
      await q.query(
        `UPDATE reward_settings SET cashback_period = $1, cashback_period_next = NULL,
           cashback_period_next_from = NULL, updated_at = app_now() WHERE id = 1`,
        [period],
      );
    else
      await q.query(
        `UPDATE reward_settings SET cashback_period_next = $1, cashback_period_next_from = $2, updated_at = app_now()
         WHERE id = 1`,
        [period, from.toISOString()],
      );
  }
  return readCashbackSettings(q, now);
}

/** New terms apply to the check-ins claimed after them. */
export async function updateCheckInSettings(
  q: Queryable,
  change: Partial<CheckInSettings>,
): Promise<CheckInSettings> {
  await updateGroup(q, CHECK_IN_COLUMNS, change);
  return readCheckInSettings(q);
}

/** New terms apply to the days accrued after them. */
export async function updateReferralSettings(
  q: Queryable,
  change: Partial<ReferralSettings>,
): Promise<ReferralSettings> {
  await updateGroup(q, REFERRAL_COLUMNS, change);
  return readReferralSettings(q);
}
