import { userInfo } from 'node:os';
import { STAFF_ROLES, type StaffRole } from '@core/staffRoles';
import type { AppContext } from '../context';
import type { Actor } from '../domain/audit';
import { createStaffIn, listStaff } from '../domain/staffAccounts';
import { PASSWORD_MIN } from '../domain/passwords';

export const STAFF_USAGE = `  staff add <username> --role ROLE [--name "Display name"]
                                       a back office account (owner, operator, marketing, support); reads
                                       the password from STAFF_PASSWORD and prints the TOTP secret once
  staff list                           back office accounts`;

/**
 * How `staff add` gets its password: the CLI reads STAFF_PASSWORD from its own environment and hands it on
 * in this argument (to the server over the local ops socket when the server holds the database), never
 * typed on the command line. The audit log leaves it out.
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

/** `npm run ops -- staff …`: the output lines and exit code, or null when not a staff command. */
export async function runStaffCommand(
  ctx: AppContext,
  argv: string[],
): Promise<{ lines: string[]; exitCode: number } | null> {
  const password = argv.find((a) => a.startsWith(STAFF_PASSWORD_ARG))?.slice(STAFF_PASSWORD_ARG.length) ?? '';
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
  if (action !== 'add') throw new StaffUsageError(`unknown command: ${args.join(' ')}`);
  if (!username || username.startsWith('--')) throw new StaffUsageError('missing username');
  const role = option(args, '--role') as StaffRole | undefined;
  if (!role || !STAFF_ROLES.includes(role))
    throw new StaffUsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
  if (!/^[a-z][a-z0-9_.]{2,31}$/.test(username))
    throw new StaffUsageError('the username is 3-32 lower-case letters, digits, "_" or ".", from a letter');
  if (password.length < Math.max(12, PASSWORD_MIN))
    throw new StaffUsageError('set STAFF_PASSWORD to the new account’s password (at least 12 characters)');
  const created = await ctx.db.tx((q) =>
    createStaffIn(q, opsActor(), {
      username,
      displayName: option(args, '--name') ?? username,
      role,
      password,
    }),
  );
  return {
    lines: [
      `${created.staff.username} (${created.staff.role}) created.`,
      `TOTP secret (shown once): ${created.totpSecret}`,
      `Authenticator address: ${created.otpauthUri}`,
      'Sign in at /backoffice with the password and the app’s 6-digit code.',
    ],
    exitCode: 0,
  };
}
