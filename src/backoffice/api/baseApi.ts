import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The back office's API slice: the staff operations of openapi.yaml (tags Staff*), generated into
 * generated.ts. Its own slice and store, so nothing of it reaches the player site's bundle, and its cookie
 * (bo_sid, path /api/v2/backoffice) is sent with these calls only. Staff reads are never retried: a refusal
 * should show at once, and a staff POST is never repeated by the client.
 */
export const backofficeBaseApi = createApi({
  reducerPath: 'backofficeApi',
  baseQuery: fetchBaseQuery({
    baseUrl: `${globalThis.location?.origin ?? ''}/api`,
    credentials: 'same-origin',
    prepareHeaders: (headers) => {
      headers.set('Accept', 'application/json');
      return headers;
    },
  }),
  endpoints: () => ({}),
});
