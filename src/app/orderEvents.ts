import type { ListenerMiddlewareInstance, UnknownAction } from '@reduxjs/toolkit';
import { api, ORDER_EVENT_INVALIDATES, type Order, type OrderResponse } from '@/api';
import { formatMinor } from '@/lib/format';
import {
  orderEventsCleared,
  orderEventsLive,
  orderPushed,
  selectPushedOrders,
  type OrderEventsState,
} from '@/lib/orderEventsSlice';
import { showToast } from '@/lib/toast';

/** Errors in a row (no successful open between them) after which the stream is given up for polling. */
export const MAX_STREAM_FAILURES = 3;

/** Where the events come from: the same origin as the API (src/api/baseApi.ts). */
function eventsUrl(): string {
  return `${globalThis.location?.origin ?? ''}/api/v2/players/events`;
}

type Dispatch = (action: UnknownAction) => unknown;

/**
 * Opens the player's order event stream: each `order` event is dispatched as orderPushed; the stream's
 * state as orderEventsLive. EventSource reconnects by itself after an error; after MAX_STREAM_FAILURES
 * errors in a row, or when the server refuses it (401, 429: the browser closes it), it is given up and
 * the pages poll. Where the browser has no EventSource the pages poll from the start. Answers the close.
 */
export function openOrderEvents(dispatch: Dispatch): () => void {
  const Source = globalThis.EventSource;
  if (typeof Source !== 'function') {
    dispatch(orderEventsLive(false));
    return () => {};
  }
  const source = new Source(eventsUrl(), { withCredentials: true });
  let failures = 0;
  source.addEventListener('open', () => {
    failures = 0;
    dispatch(orderEventsLive(true));
  });
  source.addEventListener('order', (event) => {
    const data = JSON.parse((event as MessageEvent<string>).data) as OrderResponse;
    dispatch(orderPushed(data.order));
  });
  source.addEventListener('error', () => {
    failures += 1;
    dispatch(orderEventsLive(false));
    if (failures >= MAX_STREAM_FAILURES || source.readyState === Source.CLOSED) source.close();
  });
  return () => source.close();
}

type StartListening = ListenerMiddlewareInstance['startListening'];

/**
 * The stream's place in the session lifecycle (app/listeners.ts): opened once a signed-in player is known
 * (player info answered with a player), closed when the session ends (logout, or a 401 that resets the
 * cache). And what an event does: the cache tags its order's kind makes stale are invalidated (the credit
 * is read again), and a deposit that has just become SUCCESS says so in a toast, wherever the player is.
 */
export function addOrderEventListeners(startListening: StartListening): void {
  let close: (() => void) | undefined;
  const stop = (dispatch: Dispatch) => {
    close?.();
    close = undefined;
    dispatch(orderEventsCleared());
  };

  startListening({
    matcher: api.endpoints.getPlayerInfo.matchFulfilled,
    effect: (action, { dispatch }) => {
      if (close || !action.payload.player) return;
      // In a task of its own: opening the stream costs a slow phone about 15 ms, and this answer arrives
      // while the page is being taken over.
      let closeStream: (() => void) | undefined;
      const opening = setTimeout(() => (closeStream = openOrderEvents(dispatch)), 0);
      close = () => {
        clearTimeout(opening);
        closeStream?.();
      };
    },
  });
  startListening({
    predicate: (action) =>
      api.endpoints.logoutPlayer.matchFulfilled(action) || api.util.resetApiState.match(action),
    effect: (_action, { dispatch }) => stop(dispatch),
  });

  startListening({
    actionCreator: orderPushed,
    effect: (action, { dispatch, getOriginalState }) => {
      const order = action.payload;
      dispatch(api.util.invalidateTags([...ORDER_EVENT_INVALIDATES[order.kind]]));
      const before = selectPushedOrders(getOriginalState() as { orderEvents: OrderEventsState })[order.code];
      if (order.kind === 'DEPOSIT' && order.status === 'SUCCESS' && before?.status !== 'SUCCESS')
        dispatch(showToast(depositCreditedToast(order)));
    },
  });
}

function depositCreditedToast(order: Order) {
  return {
    type: 'success' as const,
    titleKey: 'money:deposit.toast.credited',
    descriptionKey: 'money:deposit.toast.creditedText',
    values: {
      credit: formatMinor(order.credit + (order.bonusCredit ?? 0), 'THB'),
      code: order.code,
    },
  };
}
