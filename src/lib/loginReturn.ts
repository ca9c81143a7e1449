/**
 * How /login knows why the player was sent there and where to take them back after logging in
 * (docs/player-site.md §8): both travel in the address, `/login?next=/player/bank&reason=session-ended`, so
 * the session lifecycle (which only has the router's navigate) and the /player guard can set them alike,
 * and a reload of the login page keeps them.
 */
import { REASON_PARAM, SELF_EXCLUDED, UNTIL_PARAM } from './loginReasons';

export { REASON_PARAM };
export const NEXT_PARAM = 'next';

/** A live session was ended by the server (expired or revoked): the login page says so. */
export const SESSION_ENDED = 'session-ended';

/** Any origin will do: it only serves to resolve the path and to notice an address that leaves it. */
const BASE = 'https://player-site.invalid';

/**
 * The page to return to, or undefined. Only this site's player pages qualify: an absolute or
 * protocol-relative address (`https://…`, `//…`, `/\…`) would turn the login page into an open redirect,
 * and a public page needs no return.
 */
export function safeReturnPath(raw: string | null | undefined): string | undefined {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  // Resolved first, so `/player/../elsewhere` is judged as the page it really opens.
  if (url.pathname !== '/player' && !url.pathname.startsWith('/player/')) return undefined;
  return `${url.pathname}${url.search}`;
}

/** The login page's address for a player leaving `from` (a path with its query), with the reason if any. */
export function loginPath(from: string, reason?: typeof SESSION_ENDED): string {
  const params = new URLSearchParams();
  const next = safeReturnPath(from);
  if (next) params.set(NEXT_PARAM, next);
  if (reason) params.set(REASON_PARAM, reason);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/** What the login page's address says: where to go after logging in, and whether a session just ended. */
export function readLoginReturn(search: URLSearchParams): {
  next: string | undefined;
  sessionEnded: boolean;
  /** The end of a self-exclusion just taken, when that is why the player is here. */
  selfExcludedUntil: string | undefined;
} {
  const until = search.get(UNTIL_PARAM);
  return {
    next: safeReturnPath(search.get(NEXT_PARAM)),
    sessionEnded: search.get(REASON_PARAM) === SESSION_ENDED,
    selfExcludedUntil:
      search.get(REASON_PARAM) === SELF_EXCLUDED && until && !Number.isNaN(Date.parse(until))
        ? until
        : undefined,
  };
}
