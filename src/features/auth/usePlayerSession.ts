import { useGetPlayerInfoQuery, type Player } from '@/api';

export type PlayerSession =
  | { status: 'loading'; player?: undefined; refreshing: boolean }
  | { status: 'player'; player: Player; refreshing: boolean }
  | { status: 'visitor'; player?: undefined; refreshing: boolean };

/**
 * Who is looking at the page (docs/player-site.md §4): a player when player info loads, a visitor when it fails.
 * `refreshing` is true while it is fetched again (after login or a 401): guards wait for the fresh answer
 * instead of acting on a stale player.
 */
export function usePlayerSession(): PlayerSession {
  const { data, isError, isFetching, isLoading } = useGetPlayerInfoQuery();
  if (isLoading) return { status: 'loading', refreshing: true };
  if (isError) return { status: 'visitor', refreshing: isFetching };
  if (data) return { status: 'player', player: data.player, refreshing: isFetching };
  return { status: isFetching ? 'loading' : 'visitor', refreshing: isFetching };
}
