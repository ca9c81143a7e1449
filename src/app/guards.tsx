import { Navigate, Outlet } from 'react-router-dom';
import { useGetPlayerProfileQuery } from '@/api';
import { usePlayerSession } from '@/features/auth/usePlayerSession';
import { RouteLoading } from '@/ui/RouteLoading';
import { PLAYER_HOME } from './routes';

/** /, /login and /register: a signed-in player has nothing to do there (docs/player-site.md §2). */
export function VisitorOnly() {
  const session = usePlayerSession();
  // The page renders at once for the visitor; a known player is sent on as soon as that is certain.
  if (session.status === 'player' && !session.refreshing) return <Navigate to="/player" replace />;
  return <Outlet />;
}

/**
 * /player/*: loads the profile and shows /login when that fails (docs/player-site.md §2). What a failure
 * means for the session and the cache is decided in one place, app/listeners.ts.
 */
export function PlayerGuard() {
  const { data, isError, isLoading } = useGetPlayerProfileQuery();
  if (isError) return <Navigate to="/login" replace />;
  if (isLoading || !data) return <RouteLoading active />;
  return <Outlet />;
}

/** /player itself has no page: the player lands on the first game. */
export function PlayerHomeRedirect() {
  return <Navigate to={PLAYER_HOME} replace />;
}
