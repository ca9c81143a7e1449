import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '@/api';
import type { StoreExtra } from '@/api';
import { localeReducer } from '@/i18n/localeSlice';
import { drawerReducer } from '@/layout/drawerSlice';
import { orderEventsReducer } from '@/lib/orderEventsSlice';
import { toastReducer } from '@/lib/toast';
import { formPostReducer } from '@/ui/form/formPostState';
import { signOutReducer } from './signOutSlice';
import { applyLanguage, createAppListeners, type AppServices } from './listeners';

// Redux holds only global, serialisable UI state (docs/architecture.md, convention 3); server state lives in the api slice.
const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  drawer: drawerReducer,
  toast: toastReducer,
  orderEvents: orderEventsReducer,
  formPost: formPostReducer,
  locale: localeReducer,
  signOut: signOutReducer,
});

/** Until the router exists (it is created after the store), navigation requests have nowhere to go. */
const noServices: AppServices = { navigate: async () => {}, currentPath: () => '/' };

/** A fresh store per app start (and per test), with the session and language lifecycle attached. */
export function createAppStore(services: AppServices = noServices, extra: StoreExtra = {}) {
  const listeners = createAppListeners(services);
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      // The development-only state checks warn when one pass is slow; on a busy machine (the test runs
      // share two cores) 32 ms is no sign of large state, so they warn only past half a second.
      getDefault({
        thunk: { extraArgument: extra },
        immutableCheck: { warnAfter: 500 },
        serializableCheck: { warnAfter: 500 },
      })
        .prepend(listeners.middleware)
        .concat(api.middleware),
  });
  // Enables refetchOnFocus (docs/player-site.md §4).
  setupListeners(store.dispatch);
  applyLanguage(store.getState().locale.language);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
