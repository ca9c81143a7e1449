import type { Db } from '../db/types';
import { findOrder, toOrder, type Order } from './orders';
import { ORDER_EVENTS_CHANNEL, parseOrderChange } from './orderEvents';

export type OrderListener = (order: Order) => void;

/**
 * One app's subscriptions to order events: the live streams of its players, by player id. It listens on
 * the database (LISTEN, started with the first subscriber) and, for each change of a player who has a
 * stream here, reloads the order and hands it to that player's listeners only. A change this database
 * cannot find (another schema's order on a shared PostgreSQL database, in tests) is dropped.
 */
export class OrderEventHub {
  private readonly listeners = new Map<string, Set<OrderListener>>();
  private listening: Promise<() => Promise<void>> | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Adds a listener for one player's orders; resolves, once the database is listened to, with its removal. */
  async subscribe(playerId: string, listener: OrderListener): Promise<() => void> {
    if (this.closed) throw new Error('order events are closed');
    this.listening ??= this.db.listen(ORDER_EVENTS_CHANNEL, (payload) => void this.dispatch(payload));
    try {
      await this.listening;
    } catch (err) {
      this.listening = undefined; // the next subscriber tries again
      throw err;
    }
    let set = this.listeners.get(playerId);
    if (!set) this.listeners.set(playerId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(playerId) === set) this.listeners.delete(playerId);
    };
  }

  private async dispatch(payload: string): Promise<void> {
    const change = parseOrderChange(payload);
    if (!change || !this.listeners.has(change.playerId) || this.closed) return;
    try {
      const row = await findOrder(this.db, change.code, { playerId: change.playerId });
      if (!row) return;
      const order = toOrder(row);
      for (const listener of this.listeners.get(change.playerId) ?? []) listener(order);
    } catch (err) {
      this.onError(err);
    }
  }

  /** Stops listening; the database may be closed after this resolves. */
  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    const listening = this.listening;
    this.listening = undefined;
    const stop = await listening?.catch(() => undefined);
    await stop?.();
  }
}
