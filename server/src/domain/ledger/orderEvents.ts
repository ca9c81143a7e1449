import type { Queryable } from '../../db/types';

/**
 * "An order changed" for the player's live page (GET /v2/players/events). Published with PostgreSQL's
 * NOTIFY inside the transaction that changes the order, so it goes out when, and only if, that
 * transaction commits, to every instance listening on the database (PGlite: to this process). The payload
 * names the player and the order, never the order itself: each listener reloads it (orderEventHub.ts).
 * Every status transition publishes (orders.ts `transition`), and so does a payout that starts.
 */
export const ORDER_EVENTS_CHANNEL = 'player_order_events';

export interface OrderChange {
  playerId: string;
  code: string;
}

/** Publishes in the caller's transaction q: delivered on commit. */
export async function notifyOrderChanged(q: Queryable, change: OrderChange): Promise<void> {
  await q.query('SELECT pg_notify($1, $2)', [ORDER_EVENTS_CHANNEL, `${change.playerId} ${change.code}`]);
}

/** The change a payload names, or undefined for one this code did not write. */
export function parseOrderChange(payload: string): OrderChange | undefined {
  const [playerId, code, extra] = payload.split(' ');
  if (!playerId || !code || extra !== undefined) return undefined;
  return { playerId, code };
}
