import type { components } from './contract';

export type WithdrawalRejectReason = components['schemas']['WithdrawalRejectReason'];

/**
 * Why staff may reject a withdrawal, in the order the back office offers them: one of a catalogue, so the
 * player reads it in their language (the contract's WithdrawalRejectReason).
 */
export const WITHDRAWAL_REJECT_REASONS = [
  'BANK_DETAILS_WRONG',
  'NAME_MISMATCH',
  'LINKED_ACCOUNTS',
  'PROMOTION_TERMS',
  'PLAYER_REQUEST',
  'OTHER',
] as const satisfies readonly WithdrawalRejectReason[];
