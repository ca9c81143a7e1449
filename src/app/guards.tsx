import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigation, useSearchParams } from 'react-router-dom';
import { apiErrorStatus, useGetPlayerProfileQuery } from '@/api';
import { loginPath, readLoginReturn } from '@/lib/loginReturn';
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
  const navigation = useNavigation();
  // The page renders at once for the visitor; a known player is sent on as soon as that is certain. A
  // navigation under way leaves the page anyway and decides where the player lands (registering goes on
  // to deposit while the new player's info arrives).
  if (session.status === 'player' && !session.refreshing && navigation.state === 'idle') {
    return <Navigate to={readLoginReturn(search).next ?? '/player'} replace />;
  }
  return <Outlet />;
}

// Its dialogs and banners are needed only once a player page shows: not part of the first paint.
const PlayerProtection = lazy(() => import('@/features/protection/PlayerProtection'));

/**
 * Whether the app's first page is a /player page pre-rendered for a session, until the profile's first
 * answer (see PlayerGuard). One per router.
 */
export interface FirstPlayerPage {
  rendersBeforeProfile: () => boolean;
  profileAnswered: () => void;
}

export function firstPlayerPage(prerenderedForSession: boolean): FirstPlayerPage {
  let pending = prerenderedForSession;
  return {
    rendersBeforeProfile: () => pending,
    profileAnswered: () => {
      pending = false;
    },
  };
}

/**
 * /player/*: loads the profile and shows /login when that fails, to come back here after logging in
 * (docs/player-site.md §2). What a failure means for the session and the cache is decided in one place,
 * app/listeners.ts, which also takes the player to /login on a 401: sending them from here as well would
 * race that navigation and could drop its "session ended" reason.
 *
 * While the profile loads, the guard shows the loading bar; except on a /player page pre-rendered for a
 * session (scripts/prerender.mjs, sent only with a session cookie), which renders at once: the markup on
 * screen is taken over as it stands, and the page's reads leave beside the profile's instead of after it.
 * A visitor never gets that page, so their browser never asks for a player's data.
 */
export function PlayerGuard({ firstPage }: { firstPage?: FirstPlayerPage }) {
  const { data, error, isError } = useGetPlayerProfileQuery();
  const { pathname, search } = useLocation();
  const answered = data !== undefined || isError;
  // Only until the profile's first answer: after a logout the page must not stay and ask again.
  useEffect(() => {
    if (answered) firstPage?.profileAnswered();
  }, [answered, firstPage]);
  if (isError && apiErrorStatus(error) !== 401) {
    return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  }
  if (!data && !firstPage?.rendersBeforeProfile()) return <RouteLoading active />;
  return (
    <>
      {data && (
        <Suspense fallback={null}>
          <PlayerProtection />
        </Suspense>
      )}
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
  if (!data) return <RouteLoading active />;
  return <Navigate to={data?.restriction ? '/player/withdraw' : PLAYER_HOME} replace />;
}
