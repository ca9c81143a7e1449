import type { Queryable } from '../db/types';
import { exclusionInForce } from './exclusions';
import { isPromotionBlocked } from './promotionCatalogue';

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
