import type { operations } from './contract';

/**
 * The player side's operations declared with `security: []` in openapi.yaml: every other one requires a
 * session. openapi-typescript does not carry security into the types, so the list is spelled out once here,
 * for the server's handler types and the web app's session lifecycle; a test checks it, with the back
 * office's STAFF_PUBLIC_OPERATIONS, against the contract. The back office's lists live apart
 * (core/staffOperations.ts): the player site imports this module, and its built files name nothing of the
 * back office (docs/backoffice.md).
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
] as const satisfies readonly (keyof operations)[];

/**
 * The seamless wallet's operations (tag Wallet), called by game providers with a signature
 * (`walletSignature`) instead of a session: neither public nor a player's.
 */
export const WALLET_OPERATIONS = [
  'openWalletSession',
  'getWalletBalance',
  'placeWalletBet',
  'creditWalletWin',
  'rollbackWalletBet',
  'endWalletRound',
] as const satisfies readonly (keyof operations)[];

/** The seamless wallet in Hub88's dialect (tag Hub88), signed by Hub88 (`hub88Signature`). */
export const HUB88_OPERATIONS = [
  'getHub88Balance',
  'placeHub88Bet',
  'creditHub88Win',
  'rollbackHub88Transaction',
] as const satisfies readonly (keyof operations)[];
