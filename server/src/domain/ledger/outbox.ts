import type { ProviderCode } from '../../adapters';
import { type TransferDirection } from '../../adapters/types';
import type { Queryable } from '../../db/types';

/**
 * The provider outbox. A provider cannot join our database transaction, so every ledger posting that
 * changes what a provider must hold writes a row here in the same transaction: the transfer to make, under
 * a reference of its own. After commit the operation delivers it at once (deliverPending); the worker
 * (outboxWorker.ts) retries what is left with exponential backoff. Rules:
 * - a row is only ever sent under its reference; an answer lost to a timeout is resolved by asking the
 *   provider about that reference (transferStatus) before sending again;
 * - a wallet's rows are delivered in order: a row waits until every earlier row of the same (player,
 *   provider) is settled, and until its depends_on row (a move's OUT, for its IN) was delivered;
 * - no transaction is held across an HTTP call: a row is claimed for a while (claimed_until), the call is
 *   made, and the answer is written in a new transaction;
 * - a definitive refusal of an OUT marks the row FAILED and compensates in the same transaction: the
 *   ledger posting it mirrors is reversed (a withdrawal whose hold was refused becomes FAILED with its
 *   credit back; a move whose OUT was refused cancels its IN). A refused IN (which the sandbox never
 *   answers) is left FAILED for the operator.
 * The same rows and worker carry withdrawal payouts to the payout bank (kind PAYOUT, reference = the order
 * code, amount in LAK, waiting on the withdrawal's OUT when automatic): see deliverPayout and payouts.ts.
 * A payout is no provider transfer: it neither waits for nor holds back the rows of its wallet. A payment
 * paid back to the player (reference `ret:<deposit code>`, paymentReturnPayout.ts) leaves the same way.
 *
 * This module queues the rows and answers what is queued; outboxDelivery.ts delivers them, outboxListing.ts
 * shows them to the operator.
 */

export type OutboxKind =
  | 'DEPOSIT'
  | 'BONUS'
  | 'WITHDRAW_HOLD'
  | 'WITHDRAW_RELEASE'
  | 'BONUS_REVERSAL'
  | 'MOVE_OUT'
  | 'MOVE_IN'
  | 'REWARD'
  | 'PAYOUT';

export interface OutboxEntry {
  reference: string;
  provider: ProviderCode;
  playerId: string;
  direction: TransferDirection;
  amount: number;
  kind: OutboxKind;
  /** The ledger transfer this row mirrors. */
  ledgerReference: string;
  dependsOn?: string;
}

/** A row as the table holds it. */
export interface OutboxRow {
  id: unknown;
  reference: string;
  provider: ProviderCode;
  player_id: string;
  direction: TransferDirection;
  amount: unknown;
  kind: OutboxKind;
  ledger_reference: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  compensated: boolean;
  attempts: number;
  next_attempt_at: unknown;
  last_error: string | null;
  depends_on: string | null;
  created_at: unknown;
}

/**
 * Records a transfer to deliver, in the caller's transaction (the one posting to the ledger). A seamless
 * provider (domain/games/walletModes.ts) gets none: its credit is the ledger account the posting already
 * changed. A row waits only for a row that exists: a payout after a seamless withdrawal's hold waits for
 * nothing (both are written in the same transaction, so a missing one never comes).
 */
export async function enqueueTransfer(q: Queryable, entry: OutboxEntry): Promise<void> {
  await q.query(
    `INSERT INTO provider_outbox (reference, provider, player_id, direction, amount, kind, ledger_reference, depends_on)
     SELECT $1, $2, $3, $4, $5, $6, $7,
            (SELECT d.reference FROM provider_outbox d WHERE d.reference = $8::text)
     WHERE $6 = 'PAYOUT' OR EXISTS (SELECT 1 FROM providers WHERE code = $2 AND wallet_mode = 'TRANSFER')
     ON CONFLICT (reference) DO NOTHING`,
    [
      entry.reference,
      entry.provider,
      entry.playerId,
      entry.direction,
      entry.amount,
      entry.kind,
      entry.ledgerReference,
      entry.dependsOn ?? null,
    ],
  );
}

/** True while a transfer of this wallet is still on its way to the provider. */
export async function hasPendingTransfer(
  q: Queryable,
  playerId: string,
  provider: ProviderCode,
): Promise<boolean> {
  const r = await q.query(
    `SELECT 1 FROM provider_outbox
     WHERE player_id = $1 AND provider = $2 AND status = 'PENDING' AND kind <> 'PAYOUT' LIMIT 1`,
    [playerId, provider],
  );
  return r.rows.length > 0;
}

/** The status of the row with this reference, if any. */
export async function transferState(
  q: Queryable,
  reference: string,
): Promise<OutboxRow['status'] | undefined> {
  const r = await q.query<{ status: OutboxRow['status'] }>(
    'SELECT status FROM provider_outbox WHERE reference = $1',
    [reference],
  );
  return r.rows[0]?.status;
}
