import { periodOf, type RewardPeriod } from '@core/rewardPeriods';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/types';
import { expireCashbackClaims, playersWithResults } from '../rewards/cashback';
import { DomainError } from '../../errors';
import { runMoneyJob } from './moneyOperations';
import { readCashbackSettings } from '../rewards/rewardSettings';

/** What settling a period did: the players with results, and the payments written now by status. */
export interface PeriodSettled {
  period: string;
  players: number;
  paid: number;
  claimable: number;
  withheld: number;
  /** Satang credited now. */
  credited: number;
  /** Players whose results in the period were all settled by earlier payments (another period, a rerun). */
  covered: number;
  /** Players left for the next pass: the provider a payment would go to did not answer. */
  postponed: number;
  /** True when every player of the period had been settled before: nothing was written. */
  alreadyRun: boolean;
}

async function periodRun(q: Queryable, period: RewardPeriod): Promise<boolean> {
  const r = await q.query('SELECT 1 FROM reward_period_runs WHERE period = $1 AND period_start = $2', [
    period.kind,
    period.start.toISOString(),
  ]);
  return r.rows.length > 0;
}

/**
 * Settles an ended period's cashback for every player with game results in it, each player's payment one
 * money operation (payCashback: its own transaction, once per player and period). Safe to run on every
 * instance at once and to run again after a crash or by an operator: a payment written is never written
 * twice, and a rerun pays exactly those not paid yet. `early` (the sandbox's operators only) settles the
 * running period now; `playerId` settles one player's.
 */
export async function settleCashbackPeriod(
  ctx: AppContext,
  period: RewardPeriod,
  now: Date = ctx.clock.now(),
  options: { early?: boolean; playerId?: string } = {},
): Promise<PeriodSettled> {
  if (period.end > now && !options.early) throw new Error(`period ${period.name} has not ended yet`);
  const settings = await readCashbackSettings(ctx.db, now);
  const alreadyRun = await periodRun(ctx.db, period);
  const players = (await playersWithResults(ctx.db, period)).filter(
    (id) => options.playerId === undefined || id === options.playerId,
  );
  const settled: PeriodSettled = {
    period: period.name,
    players: players.length,
    paid: 0,
    claimable: 0,
    withheld: 0,
    credited: 0,
    covered: 0,
    postponed: 0,
    alreadyRun,
  };
  for (const playerId of players) {
    let payment;
    try {
      payment = await runMoneyJob(ctx, 'payCashback', playerId, { period, settings, now });
    } catch (err) {
      // One silent provider holds back its own players only; the period stays open to the next pass.
      if (err instanceof DomainError && err.code === 'PROVIDER_UNAVAILABLE') {
        settled.postponed += 1;
        continue;
      }
      throw err;
    }
    if (payment === 'COVERED') settled.covered += 1;
    if (typeof payment !== 'object') continue;
    if (payment.status === 'PAID') {
      settled.paid += 1;
      settled.credited += payment.amount;
    } else if (payment.status === 'CLAIMABLE') settled.claimable += 1;
    else settled.withheld += 1;
  }
  // A period settled before its end, or for one player, stays open to the job: the others are paid at its end.
  if (options.early || options.playerId !== undefined || settled.postponed > 0) return settled;
  await ctx.db.query(
    `INSERT INTO reward_period_runs (period, period_start, players) VALUES ($1, $2, $3)
     ON CONFLICT (period, period_start) DO NOTHING`,
    [period.kind, period.start.toISOString(), players.length],
  );
  return settled;
}

/**
 * The period the job settles at `now`: the one that ended last, of the kind in force when it ran (a change
 * of kind takes effect at a week's start, rewardSettings.ts, so the last day of a daily week is still a day).
 */
export async function dueCashbackPeriod(q: Queryable, now: Date): Promise<RewardPeriod> {
  const running = periodOf((await readCashbackSettings(q, now)).period, now);
  const lastInstant = new Date(running.start.getTime() - 1);
  return periodOf((await readCashbackSettings(q, lastInstant)).period, lastInstant);
}

/**
 * The periodic job's pass: the period that ended last (dueCashbackPeriod) is settled once (skipped when a
 * run finished it; a run cut short is finished by the next pass), and claim windows that passed close.
 */
export async function settleDueRewards(
  ctx: AppContext,
  now: Date = ctx.clock.now(),
): Promise<PeriodSettled | undefined> {
  await expireCashbackClaims(ctx.db, now);
  const settings = await readCashbackSettings(ctx.db, now);
  if (!settings.enabled) return undefined;
  const period = await dueCashbackPeriod(ctx.db, now);
  if (await periodRun(ctx.db, period)) return undefined;
  return settleCashbackPeriod(ctx, period, now);
}
