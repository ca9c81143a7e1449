import type { AppContext } from '../context';
import { auditCheckpoint, verifyAuditChain, verifyCheckpoint } from '../domain/ledger/audit';

export const AUDIT_USAGE = `  audit verify [--checkpoint TEXT]     check the audit log's MAC chain; exit 1 if a row was edited or deleted,
                                       or (--checkpoint) the chain no longer holds that checkpoint's head
  audit checkpoint                     print a signed checkpoint of the chain's head, to keep elsewhere`;

/** A malformed audit command: opsCommands answers it with the usage and exit code 2. */
export class AuditUsageError extends Error {}

/**
 * `npm run ops -- audit …` (docs/security.md#audit-log): the output lines and exit code, or null when not
 * an audit command.
 */
export async function runAuditCommand(
  ctx: AppContext,
  args: string[],
): Promise<{ lines: string[]; exitCode: number } | null> {
  const [area, action, ...rest] = args;
  if (area !== 'audit') return null;
  if (action === 'checkpoint' && rest.length === 0) {
    const { checkpoint, text } = await auditCheckpoint(ctx.db);
    return {
      lines: [
        `audit checkpoint: row ${checkpoint.seq}, hash ${checkpoint.hash}, at ${checkpoint.at}`,
        'Keep this line off this server (a note, a ticket, another machine); check it later with',
        '`npm run ops -- audit verify --checkpoint <the line>`:',
        text,
      ],
      exitCode: 0,
    };
  }
  if (action !== 'verify') throw new AuditUsageError(`unknown command: ${args.join(' ')}`);
  let checkpointText: string | undefined;
  if (rest.length > 0) {
    if (rest[0] !== '--checkpoint' || rest.length !== 2)
      throw new AuditUsageError('usage: audit verify [--checkpoint TEXT]');
    checkpointText = rest[1];
  }
  const chain = await verifyAuditChain(ctx.db);
  const lines = chain.intact
    ? [`audit log intact: ${chain.rows} row(s) chained`]
    : [`audit log BROKEN at row ${chain.brokenAt}: edited or deleted (${chain.rows} row(s) before it)`];
  let exitCode = chain.intact ? 0 : 1;
  if (checkpointText !== undefined) {
    const check = await verifyCheckpoint(ctx.db, checkpointText);
    if (check.ok) lines.push(`checkpoint of row ${check.checkpoint.seq} (${check.checkpoint.at}): held`);
    else {
      exitCode = 1;
      lines.push(
        check.problem === 'malformed'
          ? 'checkpoint REFUSED: not a checkpoint line (audit-checkpoint.v1.…)'
          : check.problem === 'signature'
            ? 'checkpoint REFUSED: its signature is wrong (altered, or not made with this site’s audit key)'
            : `checkpoint NOT HELD: row ${check.checkpoint!.seq} is no longer the one checkpointed at ${check.checkpoint!.at} (rewritten or deleted)`,
      );
    }
  }
  return { lines, exitCode };
}
