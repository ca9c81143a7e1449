import type { StaffMoneyOperation, StaffMoneyOperationId } from '../ledger/moneyRunner';
import { retryStaffTransfer } from '../money/outboxListing';
import { applyStaffPayment, refundStaffPayment } from '../money/payments';
import { approveStaffWithdrawal, rejectStaffWithdrawal } from '../money/withdrawals';

/**
 * Every money decision a staff member makes, on the screen or at the terminal, by operationId: each a row
 * run by runStaffMoneyOperation (moneyRunner.ts) with its crash points, beside the players' rows
 * (MONEY_OPERATIONS) and the jobs' (JOB_MONEY_OPERATIONS). The crash tests keep a case for each.
 */
export const STAFF_MONEY_OPERATIONS = {
  approveStaffWithdrawal,
  rejectStaffWithdrawal,
  applyStaffPayment,
  refundStaffPayment,
  retryStaffTransfer,
} satisfies Record<StaffMoneyOperationId, StaffMoneyOperation<never, unknown, unknown>>;
