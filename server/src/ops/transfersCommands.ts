import { PROVIDERS } from '@core/providers';
import type { StaffPermission } from '@core/staffRoles';
import type { ProviderCode } from '../adapters';
import type { ProviderFaults } from '../adapters/providerClient';
import { ProviderUnavailable } from '../adapters/types';
import type { AppContext } from '../context';
import { ledgerWalletDifferences } from '../domain/games/walletDifferences';
import { OPEN_ROUND_LIMIT_HOURS, seamlessWalletCheck } from '../domain/games/betHistory';
import { DomainError } from '../errors';
import { listTransfers, retryTransfer, type OutboxListing } from '../domain/money/outboxListing';
import type { StaffActor } from '../domain/money/withdrawalApprovals';
import { checkProviderInvariants } from '../sandbox/provider/wallets';

export const TRANSFERS_USAGE = `  transfers pending                    provider transfers still on their way (STUCK: older than OUTBOX_STUCK_MINUTES)
  transfers failed                     refused provider transfers, and stuck ones
  transfers retry <reference> --as <staff> --code <code>
                                       send a PENDING transfer again now, under the same reference
  providers faults <provider> [--down] [--latency MS] [--errors PCT] [--timeouts PCT] [--duplicates PCT]
                   [--rollbacks PCT] [--reorders PCT]
                                       switch a sandbox provider's injected faults (--clear: none); at a
                                       seamless provider they make the studio misbehave (docs/games.md)`;

/** A malformed transfers or providers command: opsCommands answers it with the usage and exit code 2. */
export class TransfersUsageError extends Error {}

function formatTransfer(t: OutboxListing): string {
  return [
    t.reference.padEnd(28),
    t.provider.padEnd(10),
    t.direction.padEnd(3),
    `${t.amount} satang`.padStart(16),
    t.kind.padEnd(16),
    (t.stuck ? 'STUCK' : t.status).padEnd(9),
    `attempts ${t.attempts}`.padEnd(12),
    t.createdAt,
    t.lastError ?? '',
  ].join('  ');
}

function percent(value: string | undefined, what: string, max: number): number {
  if (value === undefined || !/^[0-9]+$/.test(value) || Number(value) > max)
    throw new TransfersUsageError(`${what} must be a whole number from 0 to ${max}`);
  return Number(value);
}

/** `providers faults <provider> [options]` → the faults to switch on (everything else off). */
function parseFaults(args: string[]): ProviderFaults {
  const faults: ProviderFaults = {
    down: false,
    latencyMs: 0,
    errorPercent: 0,
    timeoutPercent: 0,
    duplicatePercent: 0,
  };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const value = args[i + 1];
    if (arg === '--clear') continue;
    if (arg === '--down') faults.down = true;
    else if (arg === '--latency') faults.latencyMs = percent(value, '--latency', 60_000);
    else if (arg === '--errors') faults.errorPercent = percent(value, '--errors', 100);
    else if (arg === '--timeouts') faults.timeoutPercent = percent(value, '--timeouts', 100);
    else if (arg === '--duplicates') faults.duplicatePercent = percent(value, '--duplicates', 100);
    else if (arg === '--rollbacks') faults.rollbackPercent = percent(value, '--rollbacks', 100);
    else if (arg === '--reorders') faults.reorderPercent = percent(value, '--reorders', 100);
    else throw new TransfersUsageError(`unknown option ${arg}`);
    if (arg !== '--down') i += 1;
  }
  return faults;
}

/**
 * `transfers …` and `providers faults …`. Returns the exit code and output lines, or undefined when args
 * are not one of these commands.
 */
export async function runTransfersCommand(
  ctx: AppContext,
  args: string[],
  as: (permission: StaffPermission) => Promise<StaffActor>,
): Promise<{ exitCode: number; lines: string[] } | undefined> {
  const [area, action, target] = args;
  if (area === 'transfers' && (action === 'pending' || action === 'failed')) {
    const rows = await listTransfers(ctx.db, action, ctx.config.outboxStuckMinutes);
    return { exitCode: 0, lines: [...rows.map(formatTransfer), `${rows.length} transfer(s)`] };
  }
  if (area === 'transfers' && action === 'retry') {
    if (!target || target.startsWith('--')) throw new TransfersUsageError('missing transfer reference');
    return {
      exitCode: 0,
      lines: [`${target} ${await retryTransfer(ctx, target, await as('transfers.manage'))}`],
    };
  }
  if (area === 'transfers') throw new TransfersUsageError(`unknown command: ${args.join(' ')}`);
  if (area === 'providers' && action === 'faults') {
    if (!target || !(PROVIDERS as readonly string[]).includes(target))
      throw new TransfersUsageError(`provider must be one of ${PROVIDERS.join(', ')}`);
    const wanted = parseFaults(args.slice(3));
    try {
      const faults = await ctx.adapters.providers[target as ProviderCode].setFaults(wanted);
      return { exitCode: 0, lines: [`${target} faults: ${JSON.stringify(faults)}`] };
    } catch (err) {
      if (err instanceof ProviderUnavailable)
        throw new DomainError('PROVIDER_UNAVAILABLE', `No sandbox provider answered: ${err.message}`);
      throw err;
    }
  }
  if (area === 'providers') throw new TransfersUsageError(`unknown command: ${args.join(' ')}`);
  return undefined;
}

/**
 * The provider lines of `ops invariants`: the sandbox providers' own books (their wallets are in this
 * database), then the ledger against every provider wallet, read through the provider API.
 */
export async function providerInvariants(ctx: AppContext): Promise<string[]> {
  const seamless = await seamlessWalletCheck(ctx.db, ctx.clock.now());
  return [
    ...(await checkProviderInvariants(ctx.db)),
    ...(await ledgerWalletDifferences(ctx)),
    ...seamless.differences,
    ...seamless.openRounds.map(
      ({ username, round }) =>
        `open-round: ${round.provider} round ${round.roundId} of ${username} open since ${round.openedAt} (over ${OPEN_ROUND_LIMIT_HOURS} h)`,
    ),
  ];
}
