import type { components, operations } from './contract';

// The back office's operations, apart from the player site's (core/operations.ts), which the player site
// imports: so no staff operation id reaches the player site's files (docs/backoffice.md). Lint keeps the
// player site from importing this module.

/**
 * The back office's operations declared with `security: []`, before any staff session: the sign-in, and the
 * enrolment page's two calls (the one-time link's token is their credential).
 */
export const STAFF_PUBLIC_OPERATIONS = [
  'loginStaff',
  'showStaffEnrolment',
  'completeStaffEnrolment',
] as const satisfies readonly (keyof operations)[];

/**
 * The back office's operations (`security: [{ staffCookie: [] }]`): a staff session, never a player's,
 * reaches them. Spelled out for the same reason as PUBLIC_OPERATIONS (core/operations.ts); a test checks it
 * against the contract.
 */
export const STAFF_OPERATIONS = [
  'getStaffSession',
  'logoutStaff',
  'getStaffDashboard',
  'streamStaffEvents',
  'listStaffWithdrawals',
  'approveStaffWithdrawal',
  'rejectStaffWithdrawal',
  'listStaffPlayers',
  'getStaffPlayer',
  'addStaffNote',
  'listStaffPromotions',
  'createStaffPromotion',
  'updateStaffPromotionRules',
  'updateStaffPromotionText',
  'listAuditEntries',
  'listStaff',
  'createStaff',
  'getStaffSettings',
  'updateStaffSettings',
  'listStaffDeposits',
  'listStaffUnmatchedPayments',
  'applyStaffPayment',
  'refundStaffPayment',
  'listStaffTransfers',
  'retryStaffTransfer',
  'checkStaffWallets',
  'listStaffGames',
  'updateStaffGame',
  'endStaffPlayerSessions',
  'setStaffPlayerPromotionBlock',
  'updateStaffPromotion',
  'setStaffDisabled',
  'resetStaff',
  'getStaffRewardSettings',
  'updateStaffRewardSettings',
] as const satisfies readonly (keyof operations)[];

/**
 * The error codes only the back office's operations answer. The player site's list of codes
 * (src/api/errors.ts) is the contract's others, checked complete at compile time, so none of these names
 * reaches its files or its texts; the scan of the player build looks for them (docs/backoffice.md).
 */
export const STAFF_ERROR_CODES = [
  'STAFF_LOGIN_FAILED',
  'STAFF_FORBIDDEN',
  'STAFF_ADDRESS_NOT_ALLOWED',
  'STAFF_USERNAME_TAKEN',
  'APPROVAL_SAME_STAFF',
  'STAFF_ENROLMENT_INVALID',
  'STAFF_CODE_WRONG',
  'FOUR_EYES_BELOW_AUTOMATIC',
  'PROMOTION_ID_TAKEN',
  'PROMOTION_RULES_LOCKED',
] as const satisfies readonly components['schemas']['ErrorCode'][];
