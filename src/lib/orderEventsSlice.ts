import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Order } from '@/api';

/**
 * The player's live order events (GET /v2/players/events, opened by app/orderEvents.ts), as the pages
 * read them: the latest pushed version of each order this session, and whether the stream is up. While
 * it is not, a page waiting for a payment polls instead (docs/deposits.md, live events).
 */
export interface OrderEventsState {
  /** Up: events arrive as they happen. Down: not connected (yet), failing, or no EventSource here. */
  live: boolean;
  /** The latest pushed version of each order, by code. */
  orders: Record<string, Order>;
}

const initialState: OrderEventsState = { live: false, orders: {} };

/** Kept per session: a player rarely has more orders moving at once than this. */
const MAX_KEPT = 50;

/** The server pushed a new version of one of the player's orders. */
export const orderPushed = createAction<Order>('orderEvents/orderPushed');

const orderEventsSlice = createSlice({
  name: 'orderEvents',
  initialState,
  reducers: {
    orderEventsLive(state, action: PayloadAction<boolean>) {
      state.live = action.payload;
    },
    /** The session ended: nothing one player saw stays for the next. */
    orderEventsCleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(orderPushed, (state, action) => {
      delete state.orders[action.payload.code];
      state.orders[action.payload.code] = action.payload;
      const codes = Object.keys(state.orders);
      for (const code of codes.slice(0, Math.max(0, codes.length - MAX_KEPT))) delete state.orders[code];
    });
  },
  selectors: {
    selectOrderEventsLive: (state) => state.live,
    selectPushedOrders: (state) => state.orders,
  },
});

export const { orderEventsLive, orderEventsCleared } = orderEventsSlice.actions;
export const { selectOrderEventsLive, selectPushedOrders } = orderEventsSlice.selectors;
export const orderEventsReducer = orderEventsSlice.reducer;
