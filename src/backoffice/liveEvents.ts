import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { backofficeApi } from './api';
import { useBackofficeDispatch } from './storeHooks';

type Tag = Parameters<typeof backofficeApi.util.invalidateTags>[0][number];

/** What each event makes stale: an order shows in the queue, the lists, the dashboard and its player. */
const STALE: Record<'order' | 'payment', Tag[]> = {
  order: ['StaffWithdrawal', 'StaffDashboard', 'StaffPayment', 'StaffPlayer'],
  payment: ['StaffPayment', 'StaffDashboard'],
};
/** Events this close together refresh the screens once (a busy evening brings many deposits a second). */
const BATCH_MS = 1000;
/** Errors in a row after which the stream is given up and the screens poll. */
const MAX_FAILURES = 3;
/** How often the live screens read again while no stream is held. */
const FALLBACK_POLL_MS = 30_000;

const LiveContext = createContext(false);
export const LiveEventsProvider = LiveContext.Provider;

/**
 * The back office's live events (streamStaffEvents): held while a staff member is signed in. Each event
 * refreshes what it makes stale, a second's worth at a time; a reconnection refreshes everything (events
 * were missed meanwhile). A refused stream (401: the session ended) reads the session again, which sends the
 * screen to the sign-in. Answers whether events arrive. Holding the stream does not count as activity on the
 * server, so an unattended screen still signs out after 15 idle minutes.
 */
export function useLiveEvents(onArrival?: (code: string) => void): boolean {
  const dispatch = useBackofficeDispatch();
  const [live, setLive] = useState(false);
  // The latest callback, without reopening the stream when it changes (a new language, a new render).
  const arrival = useRef(onArrival);
  useEffect(() => {
    arrival.current = onArrival;
  }, [onArrival]);
  useEffect(() => {
    const Source = globalThis.EventSource;
    if (typeof Source !== 'function') return;
    const source = new Source(`${globalThis.location?.origin ?? ''}/api/v2/backoffice/events`);
    const pending = new Set<Tag>();
    let flush: ReturnType<typeof setTimeout> | undefined;
    const refresh = (tags: Tag[]) => {
      for (const tag of tags) pending.add(tag);
      flush ??= setTimeout(() => {
        flush = undefined;
        dispatch(backofficeApi.util.invalidateTags([...pending]));
        pending.clear();
      }, BATCH_MS);
    };
    let failures = 0;
    source.addEventListener('open', () => {
      if (failures > 0) refresh([...STALE.order, ...STALE.payment, 'StaffTransfer']);
      failures = 0;
      setLive(true);
    });
    source.addEventListener('order', () => refresh(STALE.order));
    source.addEventListener('payment', () => refresh(STALE.payment));
    // A withdrawal arriving for staff to decide: its `order` event refreshes the screens; this one alerts.
    source.addEventListener('review', (event) => {
      const code = codeOf((event as MessageEvent<string>).data);
      if (code) arrival.current?.(code);
    });
    source.addEventListener('error', () => {
      failures += 1;
      setLive(false);
      if (source.readyState === Source.CLOSED) {
        dispatch(backofficeApi.util.invalidateTags(['StaffSession']));
        return;
      }
      if (failures >= MAX_FAILURES) source.close();
    });
    return () => {
      clearTimeout(flush);
      source.close();
    };
  }, [dispatch]);
  return live;
}

/** The order code an event's data names, or undefined for data this code did not expect. */
function codeOf(data: string): string | undefined {
  try {
    const { code } = JSON.parse(data) as { code?: unknown };
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** The polling interval of a live screen: none while events arrive, a slow one while they do not. */
export function useLivePolling(): number {
  return useContext(LiveContext) ? 0 : FALLBACK_POLL_MS;
}
