import type { Queryable } from '../../db/types';
import { DomainError } from '../../errors';
import { exclusionInForce } from '../protection/exclusions';
import { isPromotionBlocked } from '../promotions/promotionCatalogue';

/** Why no reward may be paid to a player now (docs/rewards.md, rewards and player protection). */
export type WithheldReason = 'WITHHELD_TIME_OUT' | 'WITHHELD_SELF_EXCLUSION' | 'WITHHELD_BLOCKED';

/** The exclusion in force (self-exclusion first) or the block from promotions, or undefined. */
export async function withheldReason(
  q: Queryable,
  playerId: string,
  now: Date,
): Promise<WithheldReason | undefined> {
  const exclusion = await exclusionInForce(q, playerId, now);
  if (exclusion) return exclusion.kind === 'SELF_EXCLUSION' ? 'WITHHELD_SELF_EXCLUSION' : 'WITHHELD_TIME_OUT';
  if (await isPromotionBlocked(q, playerId)) return 'WITHHELD_BLOCKED';
  return undefined;
}

/** Refuses a reward's claim to a player it is withheld from, with the protection rule's own code. */
export function refuseWithheld(reason: WithheldReason | undefined): void {
  if (reason === 'WITHHELD_SELF_EXCLUSION')
    throw new DomainError('PLAYER_SELF_EXCLUDED', 'No reward is paid during a self-exclusion');
  if (reason === 'WITHHELD_TIME_OUT')
    throw new DomainError('PLAYER_TIMED_OUT', 'No reward is paid during a time-out');
  if (reason === 'WITHHELD_BLOCKED')
    throw new DomainError('PROMOTION_BLOCKED', 'This account is blocked from receiving rewards');
}
