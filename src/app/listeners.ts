import { createListenerMiddleware, isAnyOf, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { PUBLIC_OPERATIONS } from '@core/operations';
import { api } from '@/api';
import { loginPath, SESSION_ENDED } from '@/lib/loginReturn';
import { i18n } from '@/i18n/i18n';
import { HTML_LANG, storeLanguage, type Language } from '@/i18n/languages';
import { setLanguage } from '@/i18n/localeSlice';
import { browser } from '@/lib/browser';
import { clearToasts } from '@/lib/toast';
import { addOrderEventListeners } from './orderEvents';
import { signOutStarted } from './signOutSlice';

/** What the lifecycle needs from outside the store: the router's navigation (set once the router exists). */
export interface AppServices {
  /** Resolves once the new page is shown. */
  navigate(to: string): Promise<void>;
  /** The page on screen: its path and query (the login page returns the player there). */
  currentPath(): string;
}

/**
 * Calls whose 401 does not mean "the session ended": the operations the contract declares with
 * `security: []` (a wrong password at login is not an expired session), and player info, whose 401 just
 * means "a visitor" (docs/player-site.md §8).
 */
export const SESSION_NOT_REQUIRED: ReadonlySet<string> = new Set([...PUBLIC_OPERATIONS, 'getPlayerInfo']);

/** The part of the store's state the API's selectors read (the listener middleware is not typed with it). */
type ApiState = Parameters<ReturnType<typeof api.endpoints.getPlayerInfo.select>>[0];

interface RejectedApiCall {
  payload?: { status?: unknown };
  meta?: { arg?: { endpointName?: string } };
}

function rejectedEndpoint(action: UnknownAction): { endpoint: string; status: unknown } | undefined {
  if (!isRejectedWithValue(action)) return undefined;
  const { payload, meta } = action as RejectedApiCall;
  const endpoint = meta?.arg?.endpointName;
  return endpoint ? { endpoint, status: payload?.status } : undefined;
}

/** The language side effects, kept together: texts, the stored choice, and <html lang>. */
export function applyLanguage(language: Language): void {
  storeLanguage(language);
  // Absent when the public pages are pre-rendered at build time.
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
  void i18n.changeLanguage(language);
}

/**
 * The one answer to "what happens when the session starts, ends or dies, or the language changes"
 * (docs/architecture.md, session lifecycle). Every path that changes who is signed in first drops the whole
 * API cache, so nothing one player saw can be shown to the next player on a shared phone.
 */
export function createAppListeners(services: AppServices) {
  const listeners = createListenerMiddleware();
  const startListening = listeners.startListening;

  // Signed in (a login, or a registration, which signs in): a new player, a new cache. Player info is
  // asked again by everything that shows it.
  startListening({
    matcher: isAnyOf(api.endpoints.loginPlayer.matchFulfilled, api.endpoints.registerPlayer.matchFulfilled),
    effect: (_action, { dispatch }) => {
      dispatch(api.util.resetApiState());
      dispatch(clearToasts());
      dispatch(api.util.invalidateTags(['PlayerInfo']));
    },
  });

  // Signed out: take the pages down, forget everything, then reload so no in-memory trace of the player
  // survives. The pages leave first: cleared under them, they would ask again for the player's data with
  // the session that just ended.
  startListening({
    matcher: api.endpoints.logoutPlayer.matchFulfilled,
    effect: async (_action, { dispatch, delay }) => {
      dispatch(signOutStarted());
      await delay(0);
      dispatch(api.util.resetApiState());
      browser.reload();
    },
  });

  // The session died under the player (expired, revoked): forget everything, then ask them to sign in.
  // Dropped first, so /login does not see the old player and send them back in. /login is told the page to
  // return to and, when a player was signed in (not a visitor opening a player page), that their session
  // ended. Until that navigation lands, further 401s (the page being left asks again for its data) belong
  // to the same ending: acting on each would restart the navigation, and lose the reason. On /login itself
  // a 401 is a late answer for the page left: the player is already where this rule sends them.
  let ending = false;
  startListening({
    predicate: (action) => {
      const rejected = rejectedEndpoint(action);
      return rejected?.status === 401 && !SESSION_NOT_REQUIRED.has(rejected.endpoint);
    },
    effect: (_action, { dispatch, getState }) => {
      const from = services.currentPath();
      if (ending || from.split('?')[0] === '/login') return;
      ending = true;
      const wasPlayer = api.endpoints.getPlayerInfo.select()(getState() as ApiState).data !== undefined;
      dispatch(api.util.resetApiState());
      dispatch(clearToasts());
      void services.navigate(loginPath(from, wasPlayer ? SESSION_ENDED : undefined)).finally(() => {
        ending = false;
      });
    },
  });

  // The /player profile failed for another reason than "no session": the server may hold a half-valid
  // session, so end it (the logout rule above then clears and reloads). A request that never got an
  // answer (no status) says nothing about the session and is left alone.
  startListening({
    predicate: (action) => {
      const rejected = rejectedEndpoint(action);
      return (
        rejected?.endpoint === 'getPlayerProfile' &&
        typeof rejected.status === 'number' &&
        rejected.status !== 401
      );
    },
    effect: (_action, { dispatch }) => {
      void dispatch(api.endpoints.logoutPlayer.initiate());
    },
  });

  startListening({
    actionCreator: setLanguage,
    effect: (action) => applyLanguage(action.payload),
  });

  // The player's live order events: opened with the session, closed with it (orderEvents.ts).
  addOrderEventListeners(startListening);

  return listeners;
}
