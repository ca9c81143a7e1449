import {
  createApi,
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { claimSessionPart } from './sessionBoot';

const MAX_RETRIES = 3;
const MAX_BACKOFF_MS = 30_000;
// Tests exercise the retry path without waiting real seconds.
const BASE_BACKOFF_MS = process.env.NODE_ENV === 'test' ? 1 : 1000;

/** Exponential backoff (1 s, 2 s, 4 s ...) capped at 30 s. */
export function backoffDelay(attempt: number, baseMs = BASE_BACKOFF_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

const prepareHeaders = (headers: Headers) => {
  headers.set('Accept', 'application/json');
  return headers;
};

// Node's fetch (used by jest-fixed-jsdom) rejects relative URLs, and the browser resolves this the same way.
const browserBaseQuery = fetchBaseQuery({
  baseUrl: `${globalThis.location?.origin ?? ''}/api`,
  credentials: 'include',
  prepareHeaders,
});

/**
 * What a store made by the server's page renderer carries (src/prerender/render.tsx): the server answers
 * the page's queries itself, in process, with the request's own session, so a page with a player's data is
 * rendered from the same operations as the browser would call.
 */
export interface StoreExtra {
  serverFetch?: typeof fetch;
}

const serverBaseQueries = new WeakMap<typeof fetch, ReturnType<typeof fetchBaseQuery>>();

/** The server's base query for its fetch: the address is a placeholder the fetch ignores (same origin). */
function serverBaseQuery(serverFetch: typeof fetch) {
  let query = serverBaseQueries.get(serverFetch);
  if (!query) {
    query = fetchBaseQuery({ baseUrl: 'http://server.invalid/api', fetchFn: serverFetch, prepareHeaders });
    serverBaseQueries.set(serverFetch, query);
  }
  return query;
}

const rawBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (
  args,
  api,
  extraOptions,
) => {
  const serverFetch = (api.extra as StoreExtra | undefined)?.serverFetch;
  return (serverFetch ? serverBaseQuery(serverFetch) : browserBaseQuery)(args, api, extraOptions);
};

function isRetryable(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  return typeof error.status === 'number' && error.status >= 500;
}

const guardedBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const onServer = Boolean((api.extra as StoreExtra | undefined)?.serverFetch);
  const fromSession = onServer ? undefined : await claimSessionPart(api.endpoint);
  if (fromSession !== undefined) return { data: fromSession };
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return result;
  // Only idempotent reads are retried: a repeated POST could move money twice.
  // The server's renderer asks in process: a failure there is final, and the page waits for nobody.
  if (api.type === 'mutation' || onServer || !isRetryable(result.error))
    retry.fail(result.error, result.meta);
  return result;
};

const retryingBaseQuery = retry(guardedBaseQuery, {
  maxRetries: MAX_RETRIES,
  backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt))),
});

// Empty root: endpoints come from generated.ts, policy from cache.ts.
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: retryingBaseQuery,
  // docs/player-site.md §4: data is fresh for 5 minutes, refetched on focus, dropped 5 minutes after last use.
  keepUnusedDataFor: 300,
  refetchOnMountOrArgChange: 300,
  refetchOnFocus: true,
  endpoints: () => ({}),
});
