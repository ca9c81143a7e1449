import type { operations } from './contract';

/**
 * The operations declared with `security: []` in openapi.yaml: every other one requires a session.
 * openapi-typescript does not carry security into the types, so the list is spelled out once here, for the
 * server's handler types and the web app's session lifecycle; a test checks it against the contract.
 */
export const PUBLIC_OPERATIONS = [
  'getAgencyInfo',
  'saveFingerprint',
  'loginPlayer',
  'logoutPlayer',
  'registerPlayer',
  'validateUsername',
  'listBanks',
  'listCurrencies',
  'listGames',
  'listPromotionBanners',
  'receivePaymentCallback',
  'paySandboxQr',
  'openStudioSession',
  'playStudioRound',
  'settleStudioRound',
  'getSandboxProviderWallet',
  'postSandboxProviderTransfer',
  'getSandboxProviderTransfer',
  'setSandboxProviderFaults',
  'loginStaff',
] as const satisfies readonly (keyof operations)[];

/**
 * The back office's operations (`security: [{ staffCookie: [] }]`): a staff session, never a player's,
 * reaches them. Spelled out for the same reason as PUBLIC_OPERATIONS; a test checks it against the contract.
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
  'getStaffRewardSettings',
  'updateStaffRewardSettings',
] as const satisfies readonly (keyof operations)[];
