import type { AppContext } from '../context';
import { addPlayTime } from '../domain/players/playTime';
import { findPlayerByUsername } from '../domain/players/players';
import { exclusionsInForce, selfExclude, takeTimeOut } from '../domain/protection/exclusions';
import {
  currentLimits,
  setLimit,
  type LimitKind,
  type LimitPeriod,
  type PlayerLimit,
} from '../domain/protection/protectionLimits';
import { MAX_TIME_OUT_DAYS, type SelfExclusionMonths } from '@core/protectionRules';
import { DomainError } from '../errors';

export const PLAYERS_USAGE = `  players show <username>              limits, pending limit changes and exclusions in force
  players limits <username> deposit|loss day|week|month <amount|none>
  players limits <username> play-time day <minutes|none>
                                       set a limit in LAK, or minutes played a day (a raise or none waits
                                       24 h and the player's confirmation)
  players exclusions <username> timeout <24h|7d|30d|Nd> | self-exclude <6m|1y|2y|5y>
                                       start or extend an exclusion (never shortened)
  players play-time <username> <minutes>
                                       sandbox mode only: count minutes (decimals allowed) as already
                                       played today, to try the daily limit without waiting`;

/** A malformed players command: opsCommands answers it with the usage and exit code 2. */
export class PlayersUsageError extends Error {}

const KINDS: Record<string, LimitKind> = { deposit: 'DEPOSIT', loss: 'LOSS', 'play-time': 'PLAY_TIME' };

const unit = (kind: LimitKind) => (kind === 'PLAY_TIME' ? 'min' : 'LAK');
const PERIODS: Record<string, LimitPeriod> = { day: 'DAY', week: 'WEEK', month: 'MONTH' };
const SELF_EXCLUSIONS: Record<string, SelfExclusionMonths> = { '6m': 6, '1y': 12, '2y': 24, '5y': 60 };

/** "24h" is one day; "7d", "30d" or any "Nd" up to the maximum. */
function timeOutDays(value: string | undefined): number {
  if (value === '24h') return 1;
  const match = /^([0-9]+)d$/.exec(value ?? '');
  const days = match ? Number(match[1]) : NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_TIME_OUT_DAYS)
    throw new PlayersUsageError(`a time-out is 24h, 7d, 30d or Nd with N up to ${MAX_TIME_OUT_DAYS}`);
  return days;
}

function formatLimit(l: PlayerLimit): string {
  const inForce = l.amount === null ? 'none' : `${l.amount} ${unit(l.kind)}`;
  const pending = l.pending
    ? `  pending ${l.pending.amount === null ? 'removal' : `${l.pending.amount} ${unit(l.kind)}`}, confirmable ${l.pending.confirmableFrom.toISOString()} to ${l.pending.confirmableUntil.toISOString()}`
    : '';
  return `limit ${l.kind.padEnd(7)} ${l.period.padEnd(5)} ${inForce}${pending}`;
}

/**
 * `npm run ops -- players <action> …`: the output lines. Refusals throw DomainError (unknown player, an
 * exclusion that would be shortened), malformed commands PlayersUsageError; opsCommands turns both into
 * exit codes.
 */
export async function runPlayersCommand(
  ctx: AppContext,
  args: string[],
  now = ctx.clock.now(),
): Promise<string[]> {
  const [action, username, ...rest] = args;
  if (!['show', 'limits', 'exclusions', 'play-time'].includes(action ?? ''))
    throw new PlayersUsageError(`unknown command: players ${args.join(' ')}`);
  if (!username) throw new PlayersUsageError('missing username');
  const player = await findPlayerByUsername(ctx.db, username);
  if (!player) throw new DomainError('ACCOUNT_NOT_FOUND', `No player ${username}`);

  if (action === 'limits') {
    const [kindArg, periodArg, amountArg] = rest;
    const kind = KINDS[kindArg ?? ''];
    const period = PERIODS[periodArg ?? ''];
    if (!kind || !period)
      throw new PlayersUsageError('players limits <username> deposit|loss|play-time day|week|month …');
    if (amountArg === undefined || (amountArg !== 'none' && !/^[0-9]+$/.test(amountArg)))
      throw new PlayersUsageError(`the amount is a whole number (${unit(kind)}) or none`);
    const amount = amountArg === 'none' ? null : Number(amountArg);
    const outcome = await ctx.db.tx((q) => setLimit(q, player.id, kind, period, amount, now));
    return [
      outcome === 'APPLIED'
        ? `${username} ${kind} ${period} limit: ${amount === null ? 'none' : `${amount} ${unit(kind)}`}`
        : `${username} ${kind} ${period} limit change PENDING: the player confirms it after 24 h, within 7 days`,
    ];
  }
  if (action === 'play-time') {
    // A sandbox tool, as the sandbox bank is: real play time is only ever counted from activity.
    if (!ctx.config.sandbox) throw new DomainError('SANDBOX_DISABLED', 'Only in sandbox mode');
    const minutes = Number(rest[0]);
    if (!/^[0-9]+(\.[0-9]+)?$/.test(rest[0] ?? '') || minutes > 1440)
      throw new PlayersUsageError('players play-time <username> <minutes>: 0 to 1440');
    await addPlayTime(ctx.db, player.id, minutes * 60, now);
    return [`${username} has played ${minutes} more minute(s) today`];
  }
  if (action === 'exclusions') {
    const [what, length] = rest;
    let exclusion;
    if (what === 'timeout') {
      const days = timeOutDays(length);
      exclusion = await ctx.db.tx((q) => takeTimeOut(q, player.id, days, now));
    } else if (what === 'self-exclude') {
      const months = SELF_EXCLUSIONS[length ?? ''];
      if (!months)
        throw new PlayersUsageError(`self-exclusion is one of ${Object.keys(SELF_EXCLUSIONS).join(', ')}`);
      exclusion = await ctx.db.tx((q) => selfExclude(q, player.id, months, now));
    } else throw new PlayersUsageError('players exclusions <username> timeout … | self-exclude …');
    return [`${username} ${exclusion.kind} until ${exclusion.endsAt.toISOString()}`];
  }
  const limits = await currentLimits(ctx.db, player.id, now);
  const exclusions = await exclusionsInForce(ctx.db, player.id, now);
  return [
    `player ${player.username} ${player.status}`,
    ...limits.map(formatLimit),
    ...exclusions.map(
      (e) => `exclusion ${e.kind.padEnd(14)} ${e.startsAt.toISOString()} to ${e.endsAt.toISOString()}`,
    ),
    `${limits.length} limit(s), ${exclusions.length} exclusion(s) in force`,
  ];
}
