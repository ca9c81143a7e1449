import type { components } from '@core/contract';
import { PROVIDERS } from '@core/providers';
import { addDays, periodOf, vientianeDay, vientianeDayStart } from '@core/rewardPeriods';
import type { ProviderCode } from '../../adapters';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { bookEveryProvider, readRewardProvider } from '../games/providerWallets';
import { refuseWithheld, withheldReason } from './rewardProtection';
import { lockPlayer } from '../players/players';
import { checkInRef } from '../ledger/references';
import { creditRewardIn } from './rewardCredits';
import { readCheckInSettings, type CheckInSettings } from './rewardSettings';

/**
 * The daily check-in (docs/rewards.md): a Vientiane day is checked in once, when that day's deposits and
 * stakes reach the agency's targets; it pays the day reward, and every streakDays-th day in a row the
 * streak bonus on top, at the provider the player staked most at that day, with its own turnover.
 */

type CheckInOverview = components['schemas']['CheckInOverview'];
type CheckIn = components['schemas']['CheckInResponse']['checkIn'];

/** What a day checked in as the streak-th in a row pays. */
export function checkInReward(
  settings: Pick<CheckInSettings, 'dayReward' | 'streakDays' | 'streakBonus'>,
  streak: number,
) {
  return settings.dayReward + (streak % settings.streakDays === 0 ? settings.streakBonus : 0);
}

/** The day's deposits credited (LAK) and stakes booked (satang, per provider). */
async function dayProgress(q: Queryable, playerId: string, day: string) {
  const { start, end } = periodOf('DAY', vientianeDayStart(day));
  const deposits = await q.query<{ total: unknown }>(
    `SELECT COALESCE(sum(amount), 0)::text AS total FROM orders
     WHERE player_id = $1 AND kind = 'DEPOSIT' AND status IN ('PAID', 'SUCCESS')
       AND credited_at >= $2 AND credited_at < $3`,
    [playerId, start.toISOString(), end.toISOString()],
  );
  const bets = await q.query<{ provider: ProviderCode; staked: unknown }>(
    `SELECT provider, (bets_after - bets_before)::text AS staked FROM player_daily_bets
     WHERE player_id = $1 AND day = $2`,
    [playerId, day],
  );
  const byProvider = new Map(bets.rows.map((row) => [row.provider, toInt(row.staked)]));
  const staked = PROVIDERS.map((provider) => ({ provider, staked: byProvider.get(provider) ?? 0 }));
  return {
    deposited: toInt(deposits.rows[0]!.total),
    staked: staked.reduce((sum, p) => sum + p.staked, 0),
    mostStakedAt: staked.reduce((most, p) => (p.staked > most.staked ? p : most), staked[0]!).provider,
  };
}

/**
 * Before a check-in's transaction: every wallet is read, so the day's stakes just played count, then the
 * provider the reward goes to (the day's most staked at) is asked afresh, so the reward's turnover counts
 * only stakes placed after it.
 */
export async function prepareCheckIn(
  ctx: Pick<AppContext, 'db' | 'adapters' | 'config'>,
  playerId: string,
  now: Date,
): Promise<void> {
  await bookEveryProvider(ctx, playerId);
  const { mostStakedAt } = await dayProgress(ctx.db, playerId, vientianeDay(now));
  await readRewardProvider(ctx, playerId, mostStakedAt);
}

interface ClaimRow {
  /** The calendar day, as written (db/connect.ts reads dates so). */
  day: string;
  streak: unknown;
  amount: unknown;
  provider: ProviderCode;
}

/** The player's claims of a day and of the day before it, read together. */
async function claimsOf(q: Queryable, playerId: string, day: string) {
  const before = addDays(day, -1);
  const r = await q.query<ClaimRow>(
    'SELECT day, streak, amount, provider FROM checkin_claims WHERE player_id = $1 AND day IN ($2, $3)',
    [playerId, day, before],
  );
  return {
    claimed: r.rows.find((row) => row.day === day),
    yesterday: r.rows.find((row) => row.day === before),
  };
}

async function hasOpenWithdrawal(q: Queryable, playerId: string): Promise<boolean> {
  const r = await q.query(
    `SELECT 1 FROM orders WHERE player_id = $1 AND kind = 'WITHDRAW' AND status = 'OPEN' LIMIT 1`,
    [playerId],
  );
  return r.rows.length > 0;
}

/** Today's figures, and why today can or cannot be checked in. */
async function today(q: Queryable, playerId: string, settings: CheckInSettings, now: Date) {
  const day = vientianeDay(now);
  const { claimed, yesterday } = await claimsOf(q, playerId, day);
  const progress = await dayProgress(q, playerId, day);
  const streak = claimed ? toInt(claimed.streak) : (yesterday ? toInt(yesterday.streak) : 0) + 1;
  const withheld = await withheldReason(q, playerId, now);
  const qualified = progress.deposited >= settings.minDeposit && progress.staked >= settings.minTurnover;
  const reason: CheckInOverview['today']['reason'] = !settings.enabled
    ? 'DISABLED'
    : claimed
      ? 'CLAIMED'
      : withheld
        ? 'PAUSED'
        : (await hasOpenWithdrawal(q, playerId))
          ? 'WITHDRAWAL_OPEN'
          : qualified
            ? 'CLAIMABLE'
            : 'NOT_QUALIFIED';
  return {
    day,
    claimed,
    progress,
    streak,
    withheld,
    reason,
    reward: claimed ? toInt(claimed.amount) : checkInReward(settings, streak),
  };
}

/** The terms, today's progress and this month's calendar, as the Rewards page shows them. */
export async function checkInOverview(q: Queryable, playerId: string, now: Date): Promise<CheckInOverview> {
  const settings = await readCheckInSettings(q);
  const t = await today(q, playerId, settings, now);
  const month = t.day.slice(0, 7);
  const claims = await q.query<ClaimRow>(
    `SELECT day, streak, amount, provider FROM checkin_claims WHERE player_id = $1 AND day >= $2 AND day < $3`,
    [playerId, `${month}-01`, nextMonth(month)],
  );
  const paid = new Map(claims.rows.map((row) => [row.day, toInt(row.amount)]));
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return {
    enabled: settings.enabled,
    terms: {
      dayReward: settings.dayReward,
      streakDays: settings.streakDays,
      streakBonus: settings.streakBonus,
      minDeposit: settings.minDeposit,
      minTurnover: settings.minTurnover,
      turnover: settings.turnover,
    },
    today: {
      day: t.day,
      deposited: t.progress.deposited,
      staked: t.progress.staked,
      streak: t.streak,
      reward: t.reward,
      reason: t.reason,
    },
    month: Array.from({ length: days }, (_, i) => {
      const day = `${month}-${String(i + 1).padStart(2, '0')}`;
      const amount = paid.get(day);
      return { day, claimed: amount !== undefined, amount: amount ?? settings.dayReward };
    }),
  };
}

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * Checks today in, in the caller's transaction: once per player and day (the claims' key, under the
 * player's lock), refused as the overview's reason says, its reward credited with its turnover.
 */
export async function claimCheckInIn(q: Queryable, playerId: string, now: Date): Promise<CheckIn> {
  await lockPlayer(q, playerId);
  const settings = await readCheckInSettings(q);
  const t = await today(q, playerId, settings, now);
  if (t.reason === 'DISABLED')
    throw new DomainError('REWARD_NOT_CLAIMABLE', 'The daily check-in is not offered');
  if (t.reason === 'CLAIMED')
    throw new DomainError('CHECK_IN_ALREADY_CLAIMED', 'Today is checked in already');
  refuseWithheld(t.withheld);
  if (t.reason === 'WITHDRAWAL_OPEN')
    throw new DomainError('CHECK_IN_WITHDRAWAL_OPEN', 'No check-in while a withdrawal is open');
  if (t.reason === 'NOT_QUALIFIED')
    throw new DomainError(
      'CHECK_IN_NOT_QUALIFIED',
      "Today's deposits and stakes have not reached the targets",
      [
        { field: 'depositRequired', message: String(settings.minDeposit) },
        { field: 'deposited', message: String(t.progress.deposited) },
        { field: 'turnoverRequired', message: String(settings.minTurnover) },
        { field: 'staked', message: String(t.progress.staked) },
      ],
    );
  const provider = t.progress.mostStakedAt;
  await q.query(
    'INSERT INTO checkin_claims (player_id, day, streak, provider, amount) VALUES ($1, $2, $3, $4, $5)',
    [playerId, t.day, t.streak, provider, t.reward],
  );
  await creditRewardIn(q, {
    reference: checkInRef(playerId, t.day),
    kind: 'CHECK_IN',
    playerId,
    provider,
    amount: t.reward,
    turnover: settings.turnover,
  });
  return {
    day: t.day,
    streak: t.streak,
    amount: t.reward,
    provider,
    turnoverRequired: t.reward * settings.turnover,
  };
}
