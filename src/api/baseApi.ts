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

// Node's fetch (used by jest-fixed-jsdom) rejects relative URLs, and the browser resolves this the same way.
const rawBaseQuery = fetchBaseQuery({
  baseUrl: `${globalThis.location?.origin ?? ''}/api`,
  credentials: 'include',
  prepareHeaders: (headers) => {
    headers.set('Accept', 'application/json');
    return headers;
  },
});

function isRetryable(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  return typeof error.status === 'number' && error.status >= 500;
}

const guardedBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const fromSession = await claimSessionPart(api.endpoint);
  if (fromSession !== undefined) return { data: fromSession };
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return result;
  // Only idempotent reads are retried: a repeated POST could move money twice.
  if (api.type === 'mutation' || !isRetryable(result.error)) retry.fail(result.error, result.meta);
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
