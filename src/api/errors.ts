import { useTranslation } from 'react-i18next';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { PLAYER_ERROR_STATUS, type PlayerErrorCode } from '@core/playerErrorStatus';
import type { ErrorCode } from './generated';

/**
 * Every ErrorCode a player-side operation may answer: the keys of core/playerErrorStatus.ts, the one list
 * the server's statuses are read from too (the back office's own codes are elsewhere, so none reaches the
 * player site's files).
 */
export const ERROR_CODES = Object.keys(PLAYER_ERROR_STATUS) as PlayerErrorCode[];

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/** The i18n key shown when the network itself failed (no answer from the server). */
export const NETWORK_ERROR_KEY = 'errors:NETWORK_ERROR';

export type ApiError = FetchBaseQueryError | SerializedError | undefined;

/** The contract's error code carried by an RTK Query error, if any. */
export function apiErrorCode(error: ApiError): ErrorCode | undefined {
  if (!error || !('status' in error)) return undefined;
  const data = error.data as { code?: unknown } | undefined;
  const code = data?.code;
  return typeof code === 'string' && KNOWN_CODES.has(code) ? (code as ErrorCode) : undefined;
}

/** The HTTP status of an RTK Query error, or undefined when the request never got an answer. */
export function apiErrorStatus(error: ApiError): number | undefined {
  return error && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

/** Maps an RTK Query error to the i18n key of the message a player sees: `errors:<CODE>`. */
export function apiErrorKey(error: ApiError): string {
  const code = apiErrorCode(error);
  if (code) return `errors:${code}`;
  if (error && 'status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')) {
    return NETWORK_ERROR_KEY;
  }
  return 'errors:INTERNAL_ERROR';
}

/** The translated message for an RTK Query error, or undefined when there is no error. */
export function useApiErrorMessage(error: ApiError): string | undefined {
  const { t } = useTranslation();
  return error ? t(apiErrorKey(error)) : undefined;
}
