import { DatabaseClock, readClockOffset } from '../clock';
import type { AppContext } from '../context';
import { DomainError } from '../errors';

export const CLOCK_USAGE = `  clock show                           the site's time, and how far it is moved from the real time
  clock advance <n>m|h|d               sandbox: move the site's time forward (minutes, hours, days)
  clock set <ISO time>                 sandbox: move the site's time to a moment (forward or back)
  clock reset                          back to the real time`;

export class ClockUsageError extends Error {}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function describe(now: Date, offsetMs: number): string[] {
  const hours = Math.round((offsetMs / 3_600_000) * 100) / 100;
  return [`site time ${now.toISOString()}`, `moved     ${offsetMs === 0 ? 'no (real time)' : `${hours} h`}`];
}

/**
 * `npm run ops -- clock …`: the site's one clock (clock.ts), moved for every instance and the SQL at once.
 * Only a sandbox's operator moves it; a reset is always allowed. Undefined when the command is not this
 * area's.
 */
export async function runClockCommand(ctx: AppContext, args: string[]): Promise<string[] | undefined> {
  const [area, action, value] = args;
  if (area !== 'clock') return undefined;
  // The running site's own clock when the command runs inside it (ops socket); else one on its database.
  const clock = ctx.clock instanceof DatabaseClock ? ctx.clock : new DatabaseClock(ctx.db);
  if (action === 'show' || action === undefined) {
    const offset = await clock.refresh();
    return describe(clock.now(), offset);
  }
  if (action === 'reset') {
    const now = await clock.reset();
    return describe(now, 0);
  }
  if (!ctx.config.sandbox)
    throw new DomainError(
      'SANDBOX_DISABLED',
      'Only a sandbox site moves its clock: this one runs on the real time',
    );
  if (action === 'advance') {
    const match = /^([0-9]{1,6})([mhd])$/.exec(value ?? '');
    if (!match) throw new ClockUsageError('clock advance takes a number and m, h or d, e.g. 25h');
    const now = await clock.advance(Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]);
    return describe(now, await readClockOffset(ctx.db));
  }
  if (action === 'set') {
    const moment = new Date(value ?? '');
    if (!value || Number.isNaN(moment.getTime()))
      throw new ClockUsageError('clock set takes a moment as ISO 8601, e.g. 2026-12-07T00:05:00+07:00');
    const now = await clock.setTo(moment);
    return describe(now, await readClockOffset(ctx.db));
  }
  throw new ClockUsageError(`unknown command: clock ${args.slice(1).join(' ')}`);
}
