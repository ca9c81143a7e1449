import type { Db } from '../../db/types';
import { findOrder, toOrder, type Order } from '../ledger/orders';
import { ORDER_EVENTS_CHANNEL, parseOrderChange } from '../ledger/orderEvents';
import { SESSION_ENDED_CHANNEL } from '../players/sessions';

export type OrderListener = (order: Order) => void;

/**
 * One app's subscriptions to order events: the live streams of its players, by player id, and the ends of
 * the sessions those streams belong to. It listens on the database (LISTEN, started with the first
 * subscriber) and, for each change of a player who has a stream here, reloads the order and hands it to
 * that player's listeners only. A change this database cannot find (another schema's order on a shared
 * PostgreSQL database, in tests) is dropped.
 *
 * Both channels share one connection, so a session's end arrives before any order change committed after
 * it; its watchers are called at once, while an order change waits for its order to be reloaded. A stream
 * that stops at its session's end therefore never delivers a change committed after that end.
 */
export class OrderEventHub {
  private readonly listeners = new Map<string, Set<OrderListener>>();
  private readonly sessionWatchers = new Map<string, Set<() => void>>();
  private listening: Promise<() => Promise<void>> | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Adds a listener for one player's orders; resolves, once the database is listened to, with its removal. */
  async subscribe(playerId: string, listener: OrderListener): Promise<() => void> {
    await this.listen();
    return addTo(this.listeners, playerId, listener);
  }

  /**
   * Calls onEnded once when the session ends on any instance (its row is deleted: sessions.ts); resolves,
   * once the database is listened to, with its removal. An end committed before that is not seen: check
   * the session after this resolves.
   */
  async watchSession(sessionId: string, onEnded: () => void): Promise<() => void> {
    await this.listen();
    return addTo(this.sessionWatchers, sessionId, onEnded);
  }

  private async listen(): Promise<void> {
    if (this.closed) throw new Error('order events are closed');
    this.listening ??= this.db.listen([ORDER_EVENTS_CHANNEL, SESSION_ENDED_CHANNEL], (channel, payload) => {
      if (channel === SESSION_ENDED_CHANNEL) this.sessionEnded(payload);
      else void this.dispatch(payload);
    });
    try {
      await this.listening;
    } catch (err) {
      this.listening = undefined; // the next subscriber tries again
      throw err;
    }
  }

  private sessionEnded(sessionId: string): void {
    const watchers = this.sessionWatchers.get(sessionId);
    if (!watchers) return;
    this.sessionWatchers.delete(sessionId);
    for (const onEnded of watchers) onEnded();
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
    this.sessionWatchers.clear();
    const listening = this.listening;
    this.listening = undefined;
    const stop = await listening?.catch(() => undefined);
    await stop?.();
  }
}

/** Adds value to the set under key; returns its removal, which drops the set once empty. */
function addTo<T>(map: Map<string, Set<T>>, key: string, value: T): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
  return () => {
    set.delete(value);
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  };
}
