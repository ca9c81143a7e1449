import type { ErrorCode } from '../errors';
import type { OperationId } from './types';

/**
 * The HTTP status of every error code: the one place a refusal becomes a status. Typed as a full record,
 * so a code added to openapi.yaml's ErrorCode does not compile until it has a status here.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN_ORIGIN: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL_ERROR: 500,
  AGENCY_NOT_FOUND: 404,
  LOGIN_FAILED: 401,
  USERNAME_TAKEN: 409,
  USERNAME_INVALID: 400,
  PASSWORD_INCORRECT: 400,
  PASSWORD_MISMATCH: 400,
  PLAYER_BLOCKED: 403,
  ACCOUNT_NOT_FOUND: 404,
  ACCOUNT_IN_USED: 409,
  BANK_ACCOUNT_EXISTS: 409,
  BANK_ACCOUNT_LIMIT: 409,
  BANK_ACCOUNT_REQUIRED: 400,
  BANK_ACCOUNT_NUMBER_INVALID: 400,
  WALLET_ACCOUNT_NOT_ALLOWED: 400,
  CURRENCY_NOT_ALLOWED: 400,
  PAYMENT_METHOD_NOT_FOUND: 400,
  AMOUNT_OUT_OF_RANGE: 400,
  OPEN_ORDER: 409,
  ORDER_NOT_FOUND: 404,
  ORDER_CLOSED: 409,
  ORDER_EXPIRED: 409,
  DEPOSIT_NOT_PAID: 409,
  CREDIT_NOT_ENOUGH: 409,
  WITHDRAW_REJECTED: 409,
  WITHDRAW_NOT_ALLOWED: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  INVALID_SIGNATURE: 401,
  SANDBOX_DISABLED: 404,
  QR_INVALID: 400,
  PROVIDER_UNAVAILABLE: 503,
  GAME_NOT_FOUND: 404,
  GAME_DISABLED: 409,
  CREDIT_EMPTY: 409,
  GAME_ROUND_OPEN: 409,
  PROMOTION_BINDS_CREDIT: 409,
  TRANSFER_PENDING: 409,
  SAME_PROVIDER: 400,
  LAUNCH_TOKEN_INVALID: 403,
  LAUNCH_TOKEN_EXPIRED: 403,
  STUDIO_SESSION_INVALID: 403,
  ROUND_NOT_FOUND: 404,
  PROMOTION_NOT_FOUND: 404,
  PROMOTION_BLOCKED: 403,
  PROMOTION_ONLY_FOR_FIRST_ORDER: 409,
  CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN: 409,
  PROMOTION_ALREADY_USED: 409,
  PROMOTION_USAGE: 409,
  PROMOTION_INACTIVE: 409,
  PROMOTION_CREDIT_USED: 409,
  PROMOTION_AMOUNT_MISMATCH: 400,
  PROMOTION_WITHDRAW_ALL: 400,
  PROMOTION_PROVIDER_USED: 409,
  PROMOTION_NOT_USABLE: 409,
  PROMOTION_IN_USE: 409,
  PROMOTION_TURNOVER_NOT_MET: 409,
};

/** The few operations that answer a code with another status than the table's. */
const OPERATION_STATUS: { [K in OperationId]?: Partial<Record<ErrorCode, number>> } = {
  // The contract gives getDepositQr a 404 and no 409: the QR of a closed order no longer exists.
  getDepositQr: { ORDER_CLOSED: 404 },
};

/** The status of a refusal with this code, answered by this operation (when the request matched one). */
export function errorStatus(code: ErrorCode, operationId?: string): number {
  const override = operationId ? OPERATION_STATUS[operationId as OperationId]?.[code] : undefined;
  return override ?? ERROR_STATUS[code];
}
