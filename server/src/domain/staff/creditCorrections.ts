import type { ProviderCode } from '../../adapters';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { isSeamless } from '../games/walletModes';
import { appendAudit } from '../ledger/audit';
import { InsufficientFunds, playerAccountId, postTransfers, systemAccountId } from '../ledger/ledger';
import type { StaffActor } from '../money/withdrawalApprovals';
import { findPlayerForStaff } from './backofficeReads';
import {
  type CorrectionRow,
  SELECT_CORRECTIONS,
  type StaffCreditCorrection,
  toCorrection,
} from './creditCorrectionReads';

/**
 * Credit corrections through four eyes (migration 037, docs/backoffice.md "Players"): a member with
 * players.manage asks for one with a reason; another applies it as one CORRECTION transfer between the
 * player's credit at the provider and the corrections account, or refuses it. Only at a seamless provider,
 * whose credit is the ledger's own: a transfer wallet's credit lives at the provider, and the ledger there
 * only mirrors it.
 */

export async function requestCorrection(
  db: Db,
  config: Pick<Config, 'transferWalletProviders'>,
  actor: StaffActor,
  username: string,
  input: { provider: ProviderCode; amount: number; reason: string },
): Promise<StaffCreditCorrection> {
  const reason = input.reason.trim();
  if (reason.length < 3)
    throw new DomainError('VALIDATION_ERROR', 'Say why', [{ field: 'reason', message: 'required' }]);
  if (!Number.isSafeInteger(input.amount) || input.amount === 0)
    throw new DomainError('VALIDATION_ERROR', 'A correction moves some credit', [
      { field: 'amount', message: 'not zero' },
    ]);
  if (!isSeamless(config, input.provider))
    throw new DomainError('WALLET_NOT_SEAMLESS', `${input.provider} keeps its own wallet: correct it there`);
  return db.tx(async (q) => {
    const player = await findPlayerForStaff(q, username);
    const r = await q.query<{ id: unknown }>(
      `INSERT INTO credit_corrections (player_id, provider, amount, reason, requested_by)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [player.id, input.provider, input.amount, reason, actor.staffId],
    );
    const id = String(r.rows[0]!.id);
    await appendAudit(q, actor, {
      action: 'player.correction.request',
      target: `player:${player.username}`,
      after: { id, provider: input.provider, amount: input.amount, reason },
    });
    return (await correctionById(q, id))!;
  });
}

async function correctionById(q: Queryable, id: string) {
  const r = await q.query<CorrectionRow>(`${SELECT_CORRECTIONS} WHERE c.id = $1`, [id]);
  return r.rows[0] && toCorrection(r.rows[0]);
}

/**
 * Applies (one CORRECTION transfer, reference correction:<id>) or refuses a waiting correction. The member
 * who asked for it may refuse it, never apply it (APPROVAL_SAME_STAFF). Taking back more credit than the
 * player has left is refused (CREDIT_NOT_ENOUGH) and the correction stays waiting.
 */
export async function decideCorrection(
  db: Db,
  actor: StaffActor,
  id: string,
  decision: 'APPLIED' | 'REFUSED',
): Promise<StaffCreditCorrection> {
  return db.tx(async (q) => {
    const r = await q.query<CorrectionRow>(`${SELECT_CORRECTIONS} WHERE c.id = $1 FOR UPDATE OF c`, [id]);
    const row = r.rows[0];
    if (!row) throw new DomainError('NOT_FOUND', 'No such correction');
    if (row.status !== 'PENDING')
      throw new DomainError('CORRECTION_DECIDED', `Correction ${id} was ${row.status.toLowerCase()} already`);
    if (decision === 'APPLIED' && row.requester_id === actor.staffId)
      throw new DomainError('APPROVAL_SAME_STAFF', 'A correction is applied by someone other than who asked');
    if (decision === 'APPLIED') {
      const amount = toInt(row.amount);
      const player = await playerAccountId(q, row.player_id, row.provider);
      const corrections = await systemAccountId(q, 'corrections', 'THB');
      try {
        await postTransfers(q, [
          {
            reference: `correction:${id}`,
            kind: 'CORRECTION',
            debitAccountId: amount > 0 ? corrections : player,
            creditAccountId: amount > 0 ? player : corrections,
            amount: Math.abs(amount),
          },
        ]);
      } catch (err) {
        if (err instanceof InsufficientFunds)
          throw new DomainError('CREDIT_NOT_ENOUGH', 'The player has less credit than the correction takes', [
            { field: 'balance', message: String(err.available) },
          ]);
        throw err;
      }
    }
    await q.query(
      `UPDATE credit_corrections SET status = $2, decided_by = $3, decided_at = app_now() WHERE id = $1`,
      [id, decision, actor.staffId],
    );
    await appendAudit(q, actor, {
      action: decision === 'APPLIED' ? 'player.correction.apply' : 'player.correction.refuse',
      target: `player:${row.username}`,
      before: { id, status: 'PENDING' },
      after: { id, status: decision, provider: row.provider, amount: toInt(row.amount) },
    });
    return (await correctionById(q, id))!;
  });
}
