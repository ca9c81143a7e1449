import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { api, apiErrorStatus, useGetPlayerProfileQuery, useLogoutPlayerMutation } from '@/api';
import { useAppDispatch } from './hooks';
import { usePlayerSession } from '@/features/auth/usePlayerSession';
import { PLAYER_HOME } from './routes';
import { RouteLoading } from '@/layout/RouteLoading';

/** /, /login and /register: a signed-in player has nothing to do there (spec section 2). */
export function VisitorOnly() {
  const session = usePlayerSession();
  // The page renders at once for the visitor; a known player is sent on as soon as that is certain.
  if (session.status === 'player' && !session.refreshing) return <Navigate to="/player" replace />;
  return <Outlet />;
}

/** /player/*: loads the profile; a failure logs the player out and sends them to /login (spec section 2). */
export function PlayerGuard() {
  const dispatch = useAppDispatch();
  const { data, error, isError, isLoading } = useGetPlayerProfileQuery();
  const [logout] = useLogoutPlayerMutation();
  const status = apiErrorStatus(error);

  useEffect(() => {
    if (!isError) return;
    // The app forgets the player at once (navbar, drawer, guards ask again who this is).
    dispatch(api.util.invalidateTags(['PlayerInfo']));
    // A 401 means there is no session to end. Any other answer from the server may leave one half-valid,
    // so end it (the logout policy then clears the cache and reloads, landing on /login). A request that
    // never got an answer (network down, or the page navigating away) says nothing about the session.
    if (status !== undefined && status !== 401) void logout();
  }, [dispatch, isError, logout, status]);

  if (isError) return <Navigate to="/login" replace />;
  if (isLoading || !data) return <RouteLoading active />;
  return <Outlet />;
}

/** /player itself has no page: the player lands on the first game. */
export function PlayerHomeRedirect() {
  return <Navigate to={PLAYER_HOME} replace />;
}
