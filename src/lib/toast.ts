import { createSelector, createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/**
 * docs/player-site.md §9: one toast at a time, shown 5 s; a dismissed toast is forgotten after 1,000,000 ms.
 * A toast swiped sideways further than 50 px is dismissed; F8 moves the keyboard focus to the toasts.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

/** Serialisable: message keys and interpolation values, never rendered nodes (docs/architecture.md, convention 3). */
export interface Toast {
  id: string;
  type: ToastType;
  titleKey: string;
  descriptionKey?: string;
  values?: Record<string, string | number>;
  duration: number;
  open: boolean;
}

export type ToastInput = Omit<Toast, 'id' | 'duration' | 'open'> & { duration?: number };

interface ToastState {
  toasts: Toast[];
}

const initialState: ToastState = { toasts: [] };

const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    showToast: {
      // The newest toast replaces the visible one, so a burst of errors never stacks up on a phone.
      reducer(state, action: PayloadAction<Toast>) {
        state.toasts = [action.payload, ...state.toasts].slice(0, TOAST_LIMIT);
      },
      prepare(input: ToastInput) {
        return {
          payload: { ...input, id: nanoid(), duration: input.duration ?? TOAST_DURATION_MS, open: true },
        };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      const toast = state.toasts.find((t) => t.id === action.payload);
      if (toast) toast.open = false;
    },
    removeToast(state, action: PayloadAction<string>) {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
    /** A session ended: what it said (an order's code and amount) is not for the next player. */
    clearToasts(state) {
      state.toasts = [];
    },
  },
  selectors: {
    selectToasts: (state) => state.toasts,
  },
});

export const { showToast, dismissToast, removeToast, clearToasts } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
/** The toasts on screen (at most TOAST_LIMIT). */
export const selectVisibleToasts = createSelector([selectToasts], (toasts) => toasts.filter((t) => t.open));
export const toastReducer = toastSlice.reducer;
