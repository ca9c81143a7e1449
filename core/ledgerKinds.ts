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
  'GAME_BET',
  'GAME_WIN',
  'GAME_REFUND',
  /** A credit correction applied through four eyes (docs/backoffice.md, "Players"). */
  'CORRECTION',
] as const;

export type LedgerTransferKind = (typeof LEDGER_TRANSFER_KINDS)[number];

/** The kinds a reward is credited as (docs/rewards.md): the statement's rewards and reward_credits' kinds. */
export const REWARD_KINDS = [
  'CASHBACK',
  'CHECK_IN',
  'REFERRAL',
] as const satisfies readonly LedgerTransferKind[];

export type RewardKind = (typeof REWARD_KINDS)[number];

/**
 * The kinds that are game play: a transfer provider's results booked from its wallet (GAME_RESULT) and a
 * seamless provider's bets, wins and refunds. What counts the player's results (statement, cashback,
 * referral) counts these, by COALESCE(played_at, created_at).
 */
export const GAME_PLAY_KINDS = [
  'GAME_RESULT',
  'GAME_BET',
  'GAME_WIN',
  'GAME_REFUND',
] as const satisfies readonly LedgerTransferKind[];

/** GAME_PLAY_KINDS as an SQL list, for `t.kind IN ${GAME_PLAY_KINDS_SQL}`. */
export const GAME_PLAY_KINDS_SQL = `(${GAME_PLAY_KINDS.map((k) => `'${k}'`).join(', ')})`;
