import type { components } from '@core/contract';
import type { ProviderCode } from '../../adapters';
import type { Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';

export type StaffCreditCorrection = components['schemas']['StaffCreditCorrection'];

/** Credit corrections as staff read them (creditCorrections.ts asks for and decides them). */

export interface CorrectionRow {
  id: unknown;
  username: string;
  player_id: string;
  provider: ProviderCode;
  amount: unknown;
  reason: string;
  status: StaffCreditCorrection['status'];
  requested_by: string;
  requested_at: unknown;
  decided_by: string | null;
  decided_at: unknown;
  requester_id: string;
}

export const SELECT_CORRECTIONS = `SELECT c.id, p.username, c.player_id, c.provider, c.amount, c.reason, c.status, c.requested_at,
    c.decided_at, c.requested_by AS requester_id, 'staff:' || r.username AS requested_by,
    CASE WHEN d.username IS NULL THEN NULL ELSE 'staff:' || d.username END AS decided_by
  FROM credit_corrections c JOIN players p ON p.id = c.player_id JOIN staff r ON r.id = c.requested_by
    LEFT JOIN staff d ON d.id = c.decided_by`;

export function toCorrection(row: CorrectionRow): StaffCreditCorrection {
  return {
    id: String(row.id),
    username: row.username,
    provider: row.provider,
    amount: toInt(row.amount),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requested_by,
    requestedAt: toIso(row.requested_at),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at === null ? null : toIso(row.decided_at),
  };
}

/** A player's latest corrections, newest first. */
export async function correctionsOf(q: Queryable, playerId: string): Promise<StaffCreditCorrection[]> {
  const r = await q.query<CorrectionRow>(
    `${SELECT_CORRECTIONS} WHERE c.player_id = $1 ORDER BY c.requested_at DESC, c.id DESC LIMIT 20`,
    [playerId],
  );
  return r.rows.map(toCorrection);
}
