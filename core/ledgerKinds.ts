/**
 * Every kind of ledger transfer (docs/money.md), in one list: the server's transfers are typed by it, the
 * database's constraint on ledger_transfers.kind and the contract's enums are checked against it
 * (server/test/ledgerKinds.test.ts). A new kind is added here first.
 */
export const LEDGER_TRANSFER_KINDS = [
  'DEPOSIT',
  'BONUS',
  'PROMOTION_BONUS',
  'BONUS_REVERSAL',
  'PROMOTION_RETURN',
  'WITHDRAW_HOLD',
  'WITHDRAW_RELEASE',
  'WITHDRAW',
  'MOVE',
  'GAME_RESULT',
  'TRANSFER_REFUSED',
  'PAYMENT_HELD',
  'PAYMENT_RETURN',
  'CASHBACK',
  'CHECK_IN',
  'REFERRAL',
] as const;

export type LedgerTransferKind = (typeof LEDGER_TRANSFER_KINDS)[number];

/** The kinds a reward is credited as (docs/rewards.md): the statement's rewards and reward_credits' kinds. */
export const REWARD_KINDS = [
  'CASHBACK',
  'CHECK_IN',
  'REFERRAL',
] as const satisfies readonly LedgerTransferKind[];

export type RewardKind = (typeof REWARD_KINDS)[number];
