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
  'takeStaffWithdrawal',
  'releaseStaffWithdrawal',
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
  'setStaffPlayerStatus',
  'requestStaffCreditCorrection',
  'approveStaffCreditCorrection',
  'refuseStaffCreditCorrection',
  'updateStaffPromotion',
  'setStaffDisabled',
  'setStaffRole',
  'resetStaff',
  'getStaffRewardSettings',
  'updateStaffRewardSettings',
] as const satisfies readonly (keyof operations)[];

/**
 * The error codes only the back office's operations answer, with their HTTP status (core/errorStatus.ts
 * joins them to the player-side codes'). The player site's list of codes (core/playerErrorStatus.ts) is the
 * contract's others, so none of these names reaches its files or its texts; the scan of the player build
 * looks for them (docs/backoffice.md).
 */
export const STAFF_ERROR_STATUS = {
  STAFF_LOGIN_FAILED: 401,
  STAFF_FORBIDDEN: 403,
  STAFF_ADDRESS_NOT_ALLOWED: 403,
  STAFF_USERNAME_TAKEN: 409,
  APPROVAL_SAME_STAFF: 409,
  STAFF_ENROLMENT_INVALID: 404,
  STAFF_CODE_WRONG: 400,
  FOUR_EYES_BELOW_AUTOMATIC: 400,
  PROMOTION_ID_TAKEN: 409,
  PROMOTION_RULES_LOCKED: 409,
  CORRECTION_DECIDED: 409,
} as const satisfies Partial<Record<components['schemas']['ErrorCode'], number>>;

export type StaffErrorCode = keyof typeof STAFF_ERROR_STATUS;

export const STAFF_ERROR_CODES = Object.keys(STAFF_ERROR_STATUS) as StaffErrorCode[];
