import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

// Empty root: endpoints come from generated.ts, policy from cache.ts.
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api' }),
  endpoints: () => ({}),
});
