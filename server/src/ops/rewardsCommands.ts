import { parsePeriod } from '@core/rewardPeriods';
import type { AppContext } from '../context';
import { listCashbackPayments } from '../domain/rewards/cashback';
import { referralOverview, referralRefusals } from '../domain/rewards/referrals';
import { findPlayerByUsername } from '../domain/players/players';
import { settleCashbackPeriod } from '../domain/operations/rewardRuns';
import {
  cashbackPeriodChange,
  readCashbackSettings,
  readCheckInSettings,
  readReferralSettings,
  updateCashbackSettings,
  updateCheckInSettings,
  updateReferralSettings,
  type CashbackPeriodChange,
  type CashbackSettings,
  type CheckInSettings,
  type ReferralSettings,
} from '../domain/rewards/rewardSettings';
import { DomainError } from '../errors';

export const REWARDS_USAGE = `  rewards settings [--enabled yes|no] [--rate <percent>] [--period day|week] [--min-loss <THB>]
                   [--max <THB>] [--turnover <multiple>] [--payment auto|claim]
                                       show or change the loss cashback terms (docs/rewards.md)
  rewards check-in [--enabled yes|no] [--day-reward <THB>] [--streak-days <n>] [--streak-bonus <THB>]
                   [--min-deposit <LAK>] [--min-turnover <THB>] [--turnover <multiple>]
                                       show or change the daily check-in terms
  rewards referral [--enabled yes|no] [--basis stakes|net-loss] [--rate <percent>] [--monthly-cap <THB>]
                   [--turnover <multiple>]  show or change the refer-a-friend terms
  rewards friends <username>           the player's friends by standing (active, or refused and why)
  rewards accrue <username> --early    sandbox mode only: accrue the player's referral commission through
                                       today now, to claim it without waiting for midnight
  rewards run <day:YYYY-MM-DD|week:YYYY-MM-DD> [--player <username>] [--early]
                                       pay an ended period's cashback now (again: pays no one twice),
                                       to every player or one; --early, sandbox mode only: settle the
                                       running period now, to see a payment without waiting
  rewards list <username>              the player's cashback payments`;

/** A malformed rewards command: opsCommands answers it with the usage and exit code 2. */
export class RewardsUsageError extends Error {}

/** "12.50" THB as satang; undefined for anything but a plain non-negative amount with at most 2 decimals. */
function satangOf(text: string): number | undefined {
  if (!/^[0-9]{1,9}(\.[0-9]{1,2})?$/.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const thb = (satang: number) => `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, '0')} THB`;

function describe(s: CashbackSettings, change: CashbackPeriodChange | undefined): string[] {
  return [
    `enabled   ${s.enabled ? 'yes' : 'no'}`,
    `rate      ${s.rateBasisPoints / 100} % of the net loss`,
    `period    ${s.period.toLowerCase()} (Asia/Vientiane)` +
      (change
        ? `; ${change.period.toLowerCase()} from ${change.from.toISOString()} (the next week's start: no day is settled twice)`
        : ''),
    `min-loss  ${thb(s.minLoss)}`,
    `max       ${thb(s.maxPayment)}`,
    `turnover  ${s.turnover} x the cashback`,
    `payment   ${s.payment.toLowerCase()}`,
  ];
}

/** The settings change the flags ask for; each flag's value checked here, ranges by the table. */
function settingsChange(flags: string[]): Partial<CashbackSettings> {
  const change: Partial<CashbackSettings> = {};
  for (let i = 0; i < flags.length; i += 2) {
    const flag = flags[i]!;
    const value = flags[i + 1];
    if (value === undefined) throw new RewardsUsageError(`${flag} needs a value`);
    const bad = () => new RewardsUsageError(`${flag}: ${value} is not valid`);
    if (flag === '--enabled') {
      if (value !== 'yes' && value !== 'no') throw bad();
      change.enabled = value === 'yes';
    } else if (flag === '--rate') {
      const basisPoints = satangOf(value);
      if (basisPoints === undefined || basisPoints > 10_000) throw bad();
      change.rateBasisPoints = basisPoints;
    } else if (flag === '--period') {
      if (value !== 'day' && value !== 'week') throw bad();
      change.period = value === 'day' ? 'DAY' : 'WEEK';
    } else if (flag === '--min-loss' || flag === '--max') {
      const satang = satangOf(value);
      if (satang === undefined || (flag === '--max' && satang === 0)) throw bad();
      if (flag === '--min-loss') change.minLoss = satang;
      else change.maxPayment = satang;
    } else if (flag === '--turnover') {
      if (!/^[0-9]{1,3}$/.test(value) || Number(value) > 100) throw bad();
      change.turnover = Number(value);
    } else if (flag === '--payment') {
      if (value !== 'auto' && value !== 'claim') throw bad();
      change.payment = value === 'auto' ? 'AUTO' : 'CLAIM';
    } else throw new RewardsUsageError(`unknown option ${flag}`);
  }
  return change;
}

function describeCheckIn(s: CheckInSettings): string[] {
  return [
    `enabled       ${s.enabled ? 'yes' : 'no'}`,
    `day-reward    ${thb(s.dayReward)}`,
    `streak        every ${s.streakDays}th day in a row: ${thb(s.streakBonus)} more`,
    `min-deposit   ${s.minDeposit} LAK credited that day`,
    `min-turnover  ${thb(s.minTurnover)} staked that day`,
    `turnover      ${s.turnover} x the reward`,
  ];
}

function checkInChange(flags: string[]): Partial<CheckInSettings> {
  const change: Partial<CheckInSettings> = {};
  for (let i = 0; i < flags.length; i += 2) {
    const flag = flags[i]!;
    const value = flags[i + 1];
    if (value === undefined) throw new RewardsUsageError(`${flag} needs a value`);
    const bad = () => new RewardsUsageError(`${flag}: ${value} is not valid`);
    const whole = (max: number, min = 0) => {
      if (!/^[0-9]{1,10}$/.test(value) || Number(value) > max || Number(value) < min) throw bad();
      return Number(value);
    };
    const satang = (min = 0) => {
      const amount = satangOf(value);
      if (amount === undefined || amount < min) throw bad();
      return amount;
    };
    if (flag === '--enabled') {
      if (value !== 'yes' && value !== 'no') throw bad();
      change.enabled = value === 'yes';
    } else if (flag === '--day-reward') change.dayReward = satang(1);
    else if (flag === '--streak-days') change.streakDays = whole(31, 2);
    else if (flag === '--streak-bonus') change.streakBonus = satang();
    else if (flag === '--min-deposit') change.minDeposit = whole(1_000_000_000);
    else if (flag === '--min-turnover') change.minTurnover = satang();
    else if (flag === '--turnover') change.turnover = whole(100);
    else throw new RewardsUsageError(`unknown option ${flag}`);
  }
  return change;
}

function describeReferral(s: ReferralSettings): string[] {
  return [
    `enabled      ${s.enabled ? 'yes' : 'no'}`,
    `commission   ${s.rateBasisPoints / 100} % of friends' ${s.basis === 'STAKES' ? 'stakes' : 'net losses'}, a day`,
    `monthly-cap  ${thb(s.monthlyCap)}`,
    `turnover     ${s.turnover} x the claim`,
  ];
}

function referralChange(flags: string[]): Partial<ReferralSettings> {
  const change: Partial<ReferralSettings> = {};
  for (let i = 0; i < flags.length; i += 2) {
    const flag = flags[i]!;
    const value = flags[i + 1];
    if (value === undefined) throw new RewardsUsageError(`${flag} needs a value`);
    const bad = () => new RewardsUsageError(`${flag}: ${value} is not valid`);
    if (flag === '--enabled') {
      if (value !== 'yes' && value !== 'no') throw bad();
      change.enabled = value === 'yes';
    } else if (flag === '--basis') {
      if (value !== 'stakes' && value !== 'net-loss') throw bad();
      change.basis = value === 'stakes' ? 'STAKES' : 'NET_LOSS';
    } else if (flag === '--rate') {
      const basisPoints = satangOf(value);
      if (basisPoints === undefined || basisPoints > 10_000) throw bad();
      change.rateBasisPoints = basisPoints;
    } else if (flag === '--monthly-cap') {
      const satang = satangOf(value);
      if (satang === undefined) throw bad();
      change.monthlyCap = satang;
    } else if (flag === '--turnover') {
      if (!/^[0-9]{1,3}$/.test(value) || Number(value) > 100) throw bad();
      change.turnover = Number(value);
    } else throw new RewardsUsageError(`unknown option ${flag}`);
  }
  return change;
}

/** `npm run ops -- rewards <action> …`: the output lines. */
export async function runRewardsCommand(ctx: AppContext, args: string[]): Promise<string[]> {
  const [action, ...rest] = args;
  if (action === 'settings') {
    const change = settingsChange(rest);
    const settings =
      Object.keys(change).length > 0
        ? await updateCashbackSettings(ctx.db, change, ctx.clock.now())
        : await readCashbackSettings(ctx.db, ctx.clock.now());
    return describe(settings, await cashbackPeriodChange(ctx.db));
  }
  if (action === 'check-in') {
    const change = checkInChange(rest);
    return describeCheckIn(
      Object.keys(change).length > 0
        ? await updateCheckInSettings(ctx.db, change)
        : await readCheckInSettings(ctx.db),
    );
  }
  if (action === 'referral') {
    const change = referralChange(rest);
    return describeReferral(
      Object.keys(change).length > 0
        ? await updateReferralSettings(ctx.db, change)
        : await readReferralSettings(ctx.db),
    );
  }
  if (action === 'friends') {
    const [username] = rest;
    if (!username) throw new RewardsUsageError('missing username');
    const player = await findPlayerByUsername(ctx.db, username);
    if (!player) throw new DomainError('ACCOUNT_NOT_FOUND', `No player ${username}`);
    const byStanding = await referralRefusals(ctx.db, player.id);
    const lines = Object.entries(byStanding).map(([standing, n]) => `${standing.padEnd(12)} ${n}`);
    return [...lines, `${Object.values(byStanding).reduce((a, b) => a + b, 0)} friend(s)`];
  }
  if (action === 'accrue') {
    const [username, flag] = rest;
    if (!username || flag !== '--early') throw new RewardsUsageError('rewards accrue <username> --early');
    if (!ctx.config.sandbox) throw new DomainError('SANDBOX_DISABLED', 'Only in sandbox mode');
    const player = await findPlayerByUsername(ctx.db, username);
    if (!player) throw new DomainError('ACCOUNT_NOT_FOUND', `No player ${username}`);
    // Today is accrued as if it were over: its later stakes earn nothing.
    const tomorrow = new Date(ctx.clock.now().getTime() + 24 * 3_600_000);
    const seen = await ctx.db.tx((q) => referralOverview(q, player.id, tomorrow));
    return [`${username}: ${thb(seen.claimable)} to claim`];
  }
  if (action === 'run') {
    const [name, ...flags] = rest;
    const period = parsePeriod(name ?? '');
    if (!period)
      throw new RewardsUsageError('name the period as day:YYYY-MM-DD or week:YYYY-MM-DD (a Monday)');
    let early = false;
    let playerId: string | undefined;
    for (let i = 0; i < flags.length; i += 1) {
      if (flags[i] === '--early') early = true;
      else if (flags[i] === '--player' && flags[i + 1]) {
        const player = await findPlayerByUsername(ctx.db, flags[i + 1]!);
        if (!player) throw new DomainError('ACCOUNT_NOT_FOUND', `No player ${flags[i + 1]}`);
        playerId = player.id;
        i += 1;
      } else throw new RewardsUsageError(`unknown option ${flags.slice(i).join(' ')}`);
    }
    if (early && !ctx.config.sandbox) throw new DomainError('SANDBOX_DISABLED', 'Only in sandbox mode');
    if (period.end > ctx.clock.now() && !early)
      throw new RewardsUsageError(`${period.name} has not ended yet (it ends ${period.end.toISOString()})`);
    const settled = await settleCashbackPeriod(ctx, period, ctx.clock.now(), {
      early,
      ...(playerId ? { playerId } : {}),
    });
    return [
      `${settled.period}: ${settled.players} player(s) with results; now ${settled.paid} paid (${thb(settled.credited)}), ` +
        `${settled.claimable} to claim, ${settled.withheld} withheld` +
        (settled.alreadyRun ? ' (the period had been run: only payments missing were written)' : ''),
      ...(settled.covered > 0
        ? [
            `${settled.covered} player(s) paid nothing: every game result of theirs in ${settled.period} was ` +
              'settled by an earlier cashback payment (of this period, or of a day or week holding the same days)',
          ]
        : []),
      ...(settled.postponed > 0
        ? [
            `${settled.postponed} player(s) left for later: the provider their cashback goes to did not answer`,
          ]
        : []),
    ];
  }
  if (action === 'list') {
    const [username] = rest;
    if (!username) throw new RewardsUsageError('missing username');
    const player = await findPlayerByUsername(ctx.db, username);
    if (!player) throw new DomainError('ACCOUNT_NOT_FOUND', `No player ${username}`);
    const payments = await listCashbackPayments(ctx.db, player.id, ctx.clock.now());
    return [
      ...payments.map((p) =>
        [
          `${p.period.toLowerCase()}:${p.periodStart}`.padEnd(30),
          p.status.padEnd(24),
          p.provider.padEnd(10),
          `net ${thb(Math.abs(p.net))}${p.net < 0 ? ' lost' : ''}`.padEnd(24),
          thb(p.amount).padStart(14),
          `turnover ${thb(p.turnoverDone)} of ${thb(p.turnoverRequired)}`,
        ].join('  '),
      ),
      `${payments.length} payment(s)`,
    ];
  }
  throw new RewardsUsageError(`unknown command: rewards ${args.join(' ')}`);
}
