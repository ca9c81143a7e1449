import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { apiErrorStatus, useGetPlayerProfileQuery } from '@/api';
import { loginPath, readLoginReturn } from '@/features/auth/loginReturn';
import { usePlayerSession } from '@/features/auth/usePlayerSession';
import { RouteLoading } from '@/ui/RouteLoading';
import { PLAYER_HOME } from './routes';

/**
 * /, /login and /register: a signed-in player has nothing to do there (docs/player-site.md §2). They go
 * on to the page /login was asked to return to, if any, else to /player.
 */
export function VisitorOnly() {
  const session = usePlayerSession();
  const [search] = useSearchParams();
  // The page renders at once for the visitor; a known player is sent on as soon as that is certain.
  if (session.status === 'player' && !session.refreshing) {
    return <Navigate to={readLoginReturn(search).next ?? '/player'} replace />;
  }
  return <Outlet />;
}

// Its dialogs and banners are needed only once a player page shows: not part of the first paint.
const PlayerProtection = lazy(() => import('@/features/protection/PlayerProtection'));

/**
 * /player/*: loads the profile and shows /login when that fails, to come back here after logging in
 * (docs/player-site.md §2). What a failure means for the session and the cache is decided in one place,
 * app/listeners.ts, which also takes the player to /login on a 401: sending them from here as well would
 * race that navigation and could drop its "session ended" reason.
 */
export function PlayerGuard() {
  const { data, error, isError, isLoading } = useGetPlayerProfileQuery();
  const { pathname, search } = useLocation();
  if (isError && apiErrorStatus(error) !== 401) {
    return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  }
  if (isLoading || !data) return <RouteLoading active />;
  return (
    <>
      <Suspense fallback={null}>
        <PlayerProtection />
      </Suspense>
      <Outlet />
    </>
  );
}

/**
 * /player itself has no page: the player lands on the first game, or, during a time-out or self-exclusion,
 * on withdrawal, the one thing left to do (the banner there says why).
 */
export function PlayerHomeRedirect() {
  const { data } = useGetPlayerProfileQuery();
  return <Navigate to={data?.restriction ? '/player/withdraw' : PLAYER_HOME} replace />;
}
