import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '@/api';
import { localeReducer } from '@/i18n/localeSlice';
import { drawerReducer } from '@/layout/drawerSlice';
import { toastReducer } from '@/lib/toast';

// Redux holds only global, serialisable UI state (house style 3); server state lives in the api slice.
const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  drawer: drawerReducer,
  toast: toastReducer,
  locale: localeReducer,
});

/** A fresh store per app start (and per test). */
export function createAppStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // Enables refetchOnFocus (spec section 4).
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
