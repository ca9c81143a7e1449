import type { components, operations } from './contract';
import { PLAYER_ERROR_STATUS } from './playerErrorStatus';
import { STAFF_ERROR_STATUS } from './staffOperations';

type ErrorCode = components['schemas']['ErrorCode'];
type OperationId = keyof operations;

/**
 * The HTTP status of every error code: the one place a refusal becomes a status, for the server and for the
 * web tests' fake API alike: the player-side codes' (core/playerErrorStatus.ts) and the back office's
 * (core/staffOperations.ts). Typed as a full record: a code of openapi.yaml's ErrorCode in neither does not
 * compile, and one in both does not either (each record refuses the other's codes).
 */
export const ERROR_STATUS: Record<ErrorCode, number> = { ...PLAYER_ERROR_STATUS, ...STAFF_ERROR_STATUS };

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
