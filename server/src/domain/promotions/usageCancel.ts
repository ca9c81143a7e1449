import type { Queryable } from '../../db/types';

/**
 * A promotion cancel that takes a bonus back changes the usage only with the provider's transfer
 * (docs/promotions.md, "Recheck and cancel"): the outbox calls these in the transaction that records the
 * take-back's outcome. Kept apart from promotionCancels.ts, which queues the take-back through the outbox
 * under its bonusBackRef (references.ts).
 */

/** The provider took the bonus back: the usage waiting for it ends CANCELED. */
export async function finishCancelIn(q: Queryable, reference: string): Promise<void> {
  await q.query(
    `UPDATE promotion_usages SET status = 'CANCELED', ended_at = app_now(), cancel_reference = NULL
     WHERE cancel_reference = $1 AND status IN ('ACTIVE', 'USED')`,
    [reference],
  );
  // Ended meanwhile (a recheck that found the credit spent): only the pending mark goes.
  await q.query('UPDATE promotion_usages SET cancel_reference = NULL WHERE cancel_reference = $1', [
    reference,
  ]);
}

/** The provider refused the take-back (its ledger leg is reversed): the usage stays in force. */
export async function abandonCancelIn(q: Queryable, reference: string): Promise<void> {
  await q.query('UPDATE promotion_usages SET cancel_reference = NULL WHERE cancel_reference = $1', [
    reference,
  ]);
}
