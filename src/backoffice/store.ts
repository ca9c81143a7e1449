import { configureStore, isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { backofficeApi, errorCode } from './api';

/**
 * A staff session ends on the server (15 idle minutes, sign-out elsewhere): the first call it refuses
 * with UNAUTHORIZED sends the screen back to the sign-in, whatever page was open.
 */
const sessionEnded: Middleware = (store) => (next) => (action) => {
  // The session's own refusal is the signed-out state itself: reading it again would loop.
  if (
    isRejectedWithValue(action) &&
    errorCode(action.payload) === 'UNAUTHORIZED' &&
    (action.meta.arg as { endpointName?: string }).endpointName !== 'getStaffSession'
  )
    store.dispatch(backofficeApi.util.invalidateTags(['StaffSession']));
  return next(action);
};

/** The back office's store: its API cache only (forms keep their own state, the language is i18next's). */
export function createBackofficeStore() {
  const store = configureStore({
    reducer: { [backofficeApi.reducerPath]: backofficeApi.reducer },
    // As the player site's store (src/app/store.ts): the development-only checks warn past half a second.
    middleware: (getDefault) =>
      getDefault({ immutableCheck: { warnAfter: 500 }, serializableCheck: { warnAfter: 500 } }).concat(
        backofficeApi.middleware,
        sessionEnded,
      ),
  });
  // Lets a screen read again when the window regains focus (refetchOnFocus).
  setupListeners(store.dispatch);
  return store;
}

export type BackofficeStore = ReturnType<typeof createBackofficeStore>;
