import { useTranslation } from 'react-i18next';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { STAFF_ERROR_CODES } from '@core/staffOperations';
import type { ErrorCode } from './generated';

/**
 * Every ErrorCode a player-side operation may answer: the contract's, less the back office's own
 * (core/staffOperations.ts, named here only as a type so that none reaches the player site's files). The
 * compile-time check below fails when openapi.yaml adds a code to neither list.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN_ORIGIN',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'NOT_FOUND',
  'TOO_MANY_ATTEMPTS',
  'INTERNAL_ERROR',
  'AGENCY_NOT_FOUND',
  'LOGIN_FAILED',
  'USERNAME_TAKEN',
  'USERNAME_INVALID',
  'PASSWORD_INCORRECT',
  'PASSWORD_MISMATCH',
  'PLAYER_BLOCKED',
  'ACCOUNT_NOT_FOUND',
  'ACCOUNT_IN_USED',
  'BANK_ACCOUNT_EXISTS',
  'BANK_ACCOUNT_LIMIT',
  'BANK_ACCOUNT_REQUIRED',
  'BANK_ACCOUNT_NUMBER_INVALID',
  'WALLET_ACCOUNT_NOT_ALLOWED',
  'CURRENCY_NOT_ALLOWED',
  'PAYMENT_METHOD_NOT_FOUND',
  'AMOUNT_OUT_OF_RANGE',
  'OPEN_ORDER',
  'ORDER_NOT_FOUND',
  'ORDER_CLOSED',
  'ORDER_EXPIRED',
  'DEPOSIT_NOT_PAID',
  'CREDIT_NOT_ENOUGH',
  'WITHDRAW_REJECTED',
  'WITHDRAW_NOT_ALLOWED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'INVALID_SIGNATURE',
  'SANDBOX_DISABLED',
  'QR_INVALID',
  'PROVIDER_UNAVAILABLE',
  'GAME_NOT_FOUND',
  'GAME_DISABLED',
  'CREDIT_EMPTY',
  'GAME_ROUND_OPEN',
  'PROMOTION_BINDS_CREDIT',
  'TRANSFER_PENDING',
  'SAME_PROVIDER',
  'LAUNCH_TOKEN_INVALID',
  'LAUNCH_TOKEN_EXPIRED',
  'STUDIO_SESSION_INVALID',
  'ROUND_NOT_FOUND',
  'PROMOTION_NOT_FOUND',
  'PROMOTION_BLOCKED',
  'PROMOTION_ONLY_FOR_FIRST_ORDER',
  'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN',
  'PROMOTION_ALREADY_USED',
  'PROMOTION_USAGE',
  'PROMOTION_INACTIVE',
  'PROMOTION_CREDIT_USED',
  'PROMOTION_AMOUNT_MISMATCH',
  'PROMOTION_WITHDRAW_ALL',
  'PROMOTION_PROVIDER_USED',
  'PROMOTION_NOT_USABLE',
  'PROMOTION_IN_USE',
  'PROMOTION_TURNOVER_NOT_MET',
  'PROMOTION_MIN_CREDIT',
  'DEPOSIT_LIMIT_EXCEEDED',
  'LOSS_LIMIT_EXCEEDED',
  'PLAYER_TIMED_OUT',
  'PLAYER_SELF_EXCLUDED',
  'PLAY_TIME_LIMIT_REACHED',
  'LIMIT_CHANGE_NOT_PENDING',
  'LIMIT_CHANGE_TOO_EARLY',
  'LIMIT_CHANGE_LAPSED',
  'EXCLUSION_NOT_SHORTENED',
  'SESSION_NOT_FOUND',
  'REWARD_NOT_FOUND',
  'REWARD_NOT_CLAIMABLE',
  'REWARD_TURNOVER_NOT_MET',
  'CHECK_IN_NOT_QUALIFIED',
  'CHECK_IN_ALREADY_CLAIMED',
  'CHECK_IN_WITHDRAWAL_OPEN',
] as const satisfies readonly ErrorCode[];

type MissingCodes = Exclude<ErrorCode, (typeof ERROR_CODES)[number] | (typeof STAFF_ERROR_CODES)[number]>;
const allCodesListed: MissingCodes extends never ? true : MissingCodes = true;
void allCodesListed;

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
