import { userInfo } from 'node:os';
import { roleMay, STAFF_ROLES, type StaffPermission, type StaffRole } from '@core/staffRoles';
import type { AppContext } from '../context';
import type { Actor } from '../domain/ledger/audit';
import {
  createStaffIn,
  listStaff,
  resetStaffIn,
  verifyStaffCode,
  type EnrolmentLink,
} from '../domain/staff/staffAccounts';
import { beginStaffAttempt, markAttemptSucceeded } from '../domain/players/throttle';
import type { StaffActor } from '../domain/money/withdrawalApprovals';
import { DomainError } from '../errors';

export const STAFF_USAGE = `  staff add <username> --role ROLE [--name "Display name"]
                                       a back office account (owner, operator, marketing, support); prints
                                       its one-time enrolment link, for the new member alone
  staff reset <username>               erase a member's password and authenticator; prints a fresh link
  staff list                           back office accounts`;

/**
 * Where a STAFF_PASSWORD left in the CLI's environment arrives (ops.ts hands it on in this argument, never on
 * the command line, and the audit log leaves it out). Members now choose their own password through their
 * enrolment link, so a command carrying one is refused rather than silently ignored.
 */
export const STAFF_PASSWORD_ARG = '--staff-password=';

/** A malformed staff command: opsCommands answers it with the usage and exit code 2. */
export class StaffUsageError extends Error {}

/** Someone at the server's terminal, as the audit log names them. */
export function opsActor(): Actor {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // A container user without a passwd entry: still audited, as "unknown".
  }
  return { name: `ops:${user}`, address: 'cli' };
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
}

/** The options naming the member a money command runs as: `--as <username> --code <authenticator code>`. */
export interface AsStaff {
  username?: string;
  code?: string;
}

/** Splits `--as` and `--code` (with their values) from a command's other arguments. */
export function splitAsStaff(args: string[]): { asStaff: AsStaff; rest: string[] } {
  const asStaff: AsStaff = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--as' || arg === '--code') {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new StaffUsageError(`${arg} needs a value`);
      asStaff[arg === '--as' ? 'username' : 'code'] = value;
      i += 1;
    } else rest.push(arg);
  }
  return { asStaff, rest };
}

/** The arguments as the audit log keeps them: the authenticator code is spent, yet nobody's business. */
export function withoutCode(args: string[]): string[] {
  return args.map((arg, i) => (args[i - 1] === '--code' ? '******' : arg));
}

/**
 * The staff member a command that decides money runs as (docs/backoffice.md): named with `--as`, proved by
 * a code of their own authenticator (spent as a sign-in's, and throttled like one: per account across
 * addresses, this terminal being one address), and allowed by their role. Their decision is theirs: it
 * counts as their approval, the same as on the screen, and the audit log names them, from the terminal.
 */
export async function staffAtTerminal(
  ctx: AppContext,
  asStaff: AsStaff,
  permission: StaffPermission,
): Promise<StaffActor> {
  const { username, code } = asStaff;
  if (!username || !code)
    throw new StaffUsageError(
      'this command decides money: run it as a staff member, --as <username> --code <authenticator code>',
    );
  if (!/^[0-9]{6}$/.test(code)) throw new StaffUsageError('--code is the 6-digit code of your authenticator');
  const { attemptId, retryAfter } = await beginStaffAttempt(ctx.db, `staff:${username}`, 'cli');
  if (retryAfter > 0)
    throw new DomainError('TOO_MANY_ATTEMPTS', `Too many attempts; try again in ${retryAfter} s`);
  const row = await ctx.db.tx(async (q) => {
    const member = await verifyStaffCode(q, { username, code });
    await markAttemptSucceeded(q, attemptId);
    return member;
  });
  if (!roleMay(row.role, permission))
    throw new DomainError('STAFF_FORBIDDEN', `The ${row.role} role may not do this`);
  return {
    name: `staff:${row.username}`,
    address: `cli:${opsActor().name.slice('ops:'.length)}`,
    staffId: row.id,
  };
}

/** `npm run ops -- staff …`: the output lines and exit code, or null when not a staff command. */
export async function runStaffCommand(
  ctx: AppContext,
  argv: string[],
): Promise<{ lines: string[]; exitCode: number } | null> {
  const carriesPassword = argv.some((a) => a.startsWith(STAFF_PASSWORD_ARG));
  const args = argv.filter((a) => !a.startsWith(STAFF_PASSWORD_ARG));
  const [area, action, username] = args;
  if (area !== 'staff') return null;
  if (action === 'list') {
    const staff = await listStaff(ctx.db);
    return {
      lines: [
        ...staff.map((s) =>
          [
            s.username.padEnd(20),
            s.role.padEnd(10),
            s.disabled ? 'disabled' : 'active  ',
            s.displayName,
          ].join('  '),
        ),
        `${staff.length} staff account(s)`,
      ],
      exitCode: 0,
    };
  }
  if (action !== 'add' && action !== 'reset') throw new StaffUsageError(`unknown command: ${args.join(' ')}`);
  if (!username || username.startsWith('--')) throw new StaffUsageError('missing username');
  if (carriesPassword)
    throw new StaffUsageError(
      'STAFF_PASSWORD is not read any more: unset it; the member sets their own password through the link',
    );
  if (action === 'reset') {
    const reset = await ctx.db.tx((q) => resetStaffIn(q, opsActor(), username));
    return {
      lines: enrolmentLines(
        `${reset.staff.username} reset: password and authenticator erased.`,
        reset.enrolment,
      ),
      exitCode: 0,
    };
  }
  const role = option(args, '--role') as StaffRole | undefined;
  if (!role || !STAFF_ROLES.includes(role))
    throw new StaffUsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
  if (!/^[a-z][a-z0-9_.]{2,31}$/.test(username))
    throw new StaffUsageError('the username is 3-32 lower-case letters, digits, "_" or ".", from a letter');
  const created = await ctx.db.tx((q) =>
    createStaffIn(q, opsActor(), {
      username,
      displayName: option(args, '--name') ?? username,
      role,
    }),
  );
  return {
    lines: enrolmentLines(`${created.staff.username} (${created.staff.role}) created.`, created.enrolment),
    exitCode: 0,
  };
}

/** What `staff add` and `staff reset` print: the one-time link, to hand to the member alone. */
function enrolmentLines(done: string, link: EnrolmentLink): string[] {
  return [
    done,
    `Enrolment link (good once, until ${link.expiresAt}), on the site's address: ${link.path}`,
    'Give it to the member alone: there they choose their password and add their authenticator, then sign in',
    'at /backoffice. Nobody else sees either.',
  ];
}
