// The one barrel (docs/architecture.md, convention 9): components import hooks and types from '@/api' only, so the cache policy
// in cache.ts is always applied before any hook runs.
export { api, gameListOptions, ORDER_EVENT_INVALIDATES } from './cache';
export { startSessionBoot } from './sessionBoot';
export type { StoreExtra } from './baseApi';
export { applyPageSeeds, pageSeedBlock, readPageSeeds, type PageSeed } from './pageSeed';
export {
  apiErrorKey,
  apiErrorCode,
  apiErrorStatus,
  useApiErrorMessage,
  ERROR_CODES,
  NETWORK_ERROR_KEY,
  type ApiError,
} from './errors';
export * from './generated';
