import type { Queryable } from '../../db/types';

/**
 * What the back office's live screens hear besides the orders' own transitions (orderEvents.ts): a new order
 * (a player's withdrawal waiting for staff, a deposit opened), a withdrawal arriving for staff to decide (the
 * screens' alert) and an unmatched bank payment. Published with
 * NOTIFY in the transaction that makes it, so it goes out on commit to every instance. The payload names what
 * changed, never its data: the back office reads it again through the operations its role may call.
 */
export const STAFF_EVENTS_CHANNEL = 'staff_events';

export type StaffEvent =
  | { event: 'order'; code: string }
  | { event: 'review'; code: string }
  | { event: 'payment'; reference: string };

export async function notifyStaff(q: Queryable, event: StaffEvent): Promise<void> {
  await q.query('SELECT pg_notify($1, $2)', [STAFF_EVENTS_CHANNEL, JSON.stringify(event)]);
}

/** The event a payload names, or undefined for one this code did not write. */
export function parseStaffEvent(payload: string): StaffEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const { event, code, reference } = (value ?? {}) as Record<string, unknown>;
  if ((event === 'order' || event === 'review') && typeof code === 'string') return { event, code };
  if (event === 'payment' && typeof reference === 'string') return { event, reference };
  return undefined;
}
