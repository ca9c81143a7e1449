import { WITHDRAWAL_REJECT_REASONS } from '@core/withdrawalRejectReasons';
import type { StaffPermission } from '@core/staffRoles';
import type { AppContext } from '../context';
import { failDeposit } from '../domain/money/deposits';
import { checkInvariants } from '../domain/ledger/ledger';
import { toInt, toIso } from '../db/values';
import {
  listOrdersForOps,
  type OrderRow,
  type OrderStatus,
  type RejectReason,
} from '../domain/ledger/orders';
import {
  applyUnmatchedPayment,
  listUnmatchedPayments,
  refundPayment,
  settleExpiredDeposits,
} from '../domain/money/payments';
import { approveWithdraw, rejectWithdraw } from '../domain/money/withdrawals';
import { GAMES_USAGE, GamesUsageError, runGamesCommand } from './gamesCommands';
import { PLAYERS_USAGE, PlayersUsageError, runPlayersCommand } from './playersCommands';
import { PROMOTIONS_USAGE, PromotionsUsageError, runPromotionsCommand } from './promotionsCommands';
import { REWARDS_USAGE, RewardsUsageError, runRewardsCommand } from './rewardsCommands';
import { DomainError } from '../errors';
import { appendAudit } from '../domain/ledger/audit';
import { AUDIT_USAGE, AuditUsageError, runAuditCommand } from './auditCommands';
import { CLOCK_USAGE, ClockUsageError, runClockCommand } from './clockCommands';
import {
  opsActor,
  runStaffCommand,
  splitAsStaff,
  STAFF_PASSWORD_ARG,
  STAFF_USAGE,
  staffAtTerminal,
  StaffUsageError,
  withoutCode,
} from './staffCommands';
import {
  providerInvariants,
  runTransfersCommand,
  TRANSFERS_USAGE,
  TransfersUsageError,
} from './transfersCommands';

/**
 * The operator commands, as one function of (context, arguments) → (exit code, output): the CLI runs it on
 * the database it opens, and the server runs it for the CLI over DATA_DIR/ops.sock (ops/socket.ts) while it
 * holds the embedded database. Both answer the same way.
 */
export interface OpsResult {
  exitCode: number;
  output: string;
}

export const USAGE = `usage: npm run ops -- <command>
  withdrawals list [--status STATUS]   withdraw orders (oldest first)
  withdrawals approve <code> --as <staff> --code <code>
                                       approve an OPEN withdrawal as that staff member (their authenticator's
                                       code): their one approval, as on the screen; paid once it has enough
  withdrawals reject <code> --as <staff> --code <code> [--reason REASON]
                                       return an OPEN withdrawal's credit to the player; the reason the
                                       player reads: ${WITHDRAWAL_REJECT_REASONS.join(', ')} (default OTHER)
  deposits list [--status STATUS]      deposit orders (oldest first)
  deposits fail <code>                 close an OPEN deposit as FAILED
  payments unmatched                   bank payments that matched no order, waiting for a decision
  payments refund <reference> --as <staff> --code <code>
                                       record that the bank sent an unmatched payment back
  payments apply <reference> <order> --as <staff> --code <code>
                                       credit an unmatched payment to a deposit order (same amount)
${TRANSFERS_USAGE}
  invariants                           check the ledger and the provider wallets; exit 1 on any problem
${GAMES_USAGE}
${PROMOTIONS_USAGE}
${REWARDS_USAGE}
${PLAYERS_USAGE}
${STAFF_USAGE}
${AUDIT_USAGE}
${CLOCK_USAGE}
options: --force  open the embedded database even though DATA_DIR/postmaster.pid exists`;

/** Exit codes: 0 done, 1 refused or a ledger problem, 2 usage error. */
export const EXIT_USAGE = 2;

const STATUSES: OrderStatus[] = ['OPEN', 'PAID', 'SUCCESS', 'FAILED', 'CANCELED', 'REJECTED'];

class UsageError extends Error {}

function formatOrder(o: OrderRow): string {
  return [
    o.code,
    o.status.padEnd(8),
    o.provider.padEnd(10),
    `${toInt(o.amount)} LAK`.padStart(16),
    `${toInt(o.credit)} satang`.padStart(18),
    o.bank.padEnd(9),
    toIso(o.created_at),
  ].join('  ');
}

function rejectReasonArg(args: string[]): RejectReason {
  const i = args.indexOf('--reason');
  if (i === -1) return 'OTHER';
  const value = (args[i + 1] ?? '').toUpperCase() as RejectReason;
  if (!(WITHDRAWAL_REJECT_REASONS as readonly string[]).includes(value))
    throw new UsageError(`--reason must be one of ${WITHDRAWAL_REJECT_REASONS.join(', ')}`);
  return value;
}

function statusOption(args: string[]): OrderStatus | undefined {
  const i = args.indexOf('--status');
  if (i === -1) return undefined;
  const value = (args[i + 1] ?? '').toUpperCase() as OrderStatus;
  if (!STATUSES.includes(value)) throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
  return value;
}

/**
 * Runs one command against ctx. Refusals (DomainError) and usage errors are answers; anything else is a
 * fault and is thrown.
 */
export async function runOps(ctx: AppContext, argv: string[]): Promise<OpsResult> {
  const result = await runCommand(ctx, argv);
  // Every command is in the audit log, with what it answered; never the password a `staff add` carried.
  const shown = withoutCode(argv.filter((a) => a !== '--force' && !a.startsWith(STAFF_PASSWORD_ARG)));
  await ctx.db.tx((q) =>
    appendAudit(q, opsActor(), {
      action: 'ops.command',
      target: shown.slice(0, 2).join(' ') || '(none)',
      after: { args: shown, exitCode: result.exitCode },
    }),
  );
  return result;
}

async function runCommand(ctx: AppContext, argv: string[]): Promise<OpsResult> {
  const lines: string[] = [];
  const done = (exitCode: number): OpsResult => ({ exitCode, output: lines.join('\n') });
  try {
    // --force is the CLI's business (how to open the database), not the command's; --as and --code name the
    // staff member a command deciding money runs as (docs/backoffice.md).
    const { asStaff, rest: args } = splitAsStaff(argv.filter((a) => a !== '--force'));
    const as = (permission: StaffPermission) => staffAtTerminal(ctx, asStaff, permission);
    const [area, action, code] = args;
    if (area === 'invariants') {
      const problems = [...(await checkInvariants(ctx.db)), ...(await providerInvariants(ctx))];
      lines.push(...problems);
      lines.push(problems.length === 0 ? 'ledger ok: no problems' : `${problems.length} problem(s)`);
      return done(problems.length === 0 ? 0 : 1);
    }
    const clock = await runClockCommand(ctx, args);
    if (clock) {
      lines.push(...clock);
      return done(0);
    }
    const audit = await runAuditCommand(ctx, args);
    if (audit) {
      lines.push(...audit.lines);
      return done(audit.exitCode);
    }
    const staff = await runStaffCommand(ctx, args);
    if (staff) {
      lines.push(...staff.lines);
      return done(staff.exitCode);
    }
    const transfers = await runTransfersCommand(ctx, args, as);
    if (transfers) {
      lines.push(...transfers.lines);
      return done(transfers.exitCode);
    }
    if (area === 'games') {
      lines.push(...(await runGamesCommand(ctx, args.slice(1))));
      return done(0);
    }
    if (area === 'promotions') {
      lines.push(...(await runPromotionsCommand(ctx, args.slice(1))));
      return done(0);
    }
    if (area === 'rewards') {
      lines.push(...(await runRewardsCommand(ctx, args.slice(1))));
      return done(0);
    }
    if (area === 'players') {
      lines.push(...(await runPlayersCommand(ctx, args.slice(1))));
      return done(0);
    }
    if ((area === 'withdrawals' || area === 'deposits') && action === 'list') {
      if (area === 'deposits') await ctx.db.tx((q) => settleExpiredDeposits(ctx, q));
      const rows = await listOrdersForOps(
        ctx.db,
        area === 'deposits' ? 'DEPOSIT' : 'WITHDRAW',
        statusOption(args),
      );
      lines.push(...rows.map(formatOrder), `${rows.length} order(s)`);
      return done(0);
    }
    if (area === 'payments' && action === 'unmatched') {
      const payments = await listUnmatchedPayments(ctx.db);
      for (const p of payments)
        lines.push(
          [
            p.reference.padEnd(24),
            p.billNumber.padEnd(24),
            `${p.amount} ${p.currency}`.padStart(16),
            p.receivedAt,
          ].join('  '),
          ...p.candidates.map(
            (c) =>
              `  may be ${c.code} (${c.username}, ${c.status}, ${c.createdAt})${c.closeReference ? ' *' : ''}`,
          ),
        );
      lines.push(`${payments.length} unmatched payment(s); * the bill number is within two characters of it`);
      return done(0);
    }
    if (area === 'payments' && (action === 'refund' || action === 'apply')) {
      const [, , reference, orderCode] = args;
      if (!reference || reference.startsWith('--')) throw new UsageError('missing payment reference');
      if (action === 'refund') {
        await refundPayment(ctx, reference, await as('payments.manage'));
        lines.push(`${reference} REFUNDED`);
      } else {
        if (!orderCode || orderCode.startsWith('--')) throw new UsageError('missing order code');
        await applyUnmatchedPayment(ctx, reference, orderCode, await as('payments.manage'));
        lines.push(`${reference} APPLIED to ${orderCode}`);
      }
      return done(0);
    }
    if (!code || code.startsWith('--')) throw new UsageError('missing order code');
    let result;
    if (area === 'withdrawals' && action === 'approve')
      result = await approveWithdraw(ctx, code, await as('withdrawals.decide'));
    else if (area === 'withdrawals' && action === 'reject')
      result = await rejectWithdraw(ctx, code, await as('withdrawals.decide'), rejectReasonArg(args));
    else if (area === 'deposits' && action === 'fail') result = await failDeposit(ctx, code);
    else throw new UsageError(`unknown command: ${args.join(' ')}`);
    // An approval that awaits a second member leaves the order OPEN: say so, rather than a bare status.
    const waiting = area === 'withdrawals' && action === 'approve' && result.status === 'OPEN';
    lines.push(
      `${result.code} ${result.status}${waiting ? ' (approved; awaiting a second staff member)' : ''}`,
    );
    return done(0);
  } catch (err) {
    if (
      err instanceof UsageError ||
      err instanceof GamesUsageError ||
      err instanceof TransfersUsageError ||
      err instanceof PromotionsUsageError ||
      err instanceof PlayersUsageError ||
      err instanceof RewardsUsageError ||
      err instanceof StaffUsageError ||
      err instanceof AuditUsageError ||
      err instanceof ClockUsageError
    ) {
      lines.push(err.message, USAGE);
      return done(EXIT_USAGE);
    }
    if (err instanceof DomainError) {
      lines.push(`${err.code}: ${err.message}`);
      return done(1);
    }
    throw err;
  }
}
