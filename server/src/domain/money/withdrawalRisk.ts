import type { components } from '@core/contract';
import type { Config } from '../../config';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { linkedPlayers } from '../players/playerLinks';

/**
 * The risk rules a new withdrawal meets (docs/backoffice.md, "Linked accounts and risk"), evaluated in the
 * withdrawal's transaction under the player's lock. Any of them sends the withdrawal to staff instead of
 * paying it automatically (RISK_REVIEW when no other reason applies), and staff see which:
 * - LINKED_ACCOUNTS: the player shares a bank account, a browser, a fingerprint or a (little-shared) public
 *   address with another player (playerLinks.ts);
 * - LARGE_DEPOSITOR: deposits credited over LARGE_DEPOSIT_DAYS reach RISK_LARGE_DEPOSIT_LAK (0: never);
 * - PROMOTION_ABUSER: a promotion's bonus the player received was also received by a linked player.
 */
export type RiskTag = Extract<
  components['schemas']['WithdrawalRiskFlag'],
  'LINKED_ACCOUNTS' | 'LARGE_DEPOSITOR' | 'PROMOTION_ABUSER'
>;

export const LARGE_DEPOSIT_DAYS = 30;

export async function withdrawalRiskTags(
  q: Queryable,
  config: Pick<Config, 'riskLargeDepositLak'>,
  playerId: string,
): Promise<RiskTag[]> {
  const tags: RiskTag[] = [];
  const linked = (await linkedPlayers(q, [playerId])).get(playerId) ?? [];
  if (linked.length > 0) tags.push('LINKED_ACCOUNTS');
  const r = await q.query<{ deposited: unknown; shared_bonus: boolean }>(
    `SELECT
       (SELECT COALESCE(sum(amount), 0) FROM orders WHERE player_id = $1 AND kind = 'DEPOSIT'
          AND credited_at > app_now() - make_interval(days => $2)) AS deposited,
       EXISTS (SELECT 1 FROM promotion_usages mine JOIN promotion_usages theirs
                 ON theirs.promotion_id = mine.promotion_id AND theirs.player_id = ANY($3::uuid[])
               WHERE mine.player_id = $1 AND mine.bonus_credit > 0 AND theirs.bonus_credit > 0) AS shared_bonus`,
    [playerId, LARGE_DEPOSIT_DAYS, linked.map((l) => l.playerId)],
  );
  const row = r.rows[0]!;
  if (config.riskLargeDepositLak > 0 && toInt(row.deposited) >= config.riskLargeDepositLak)
    tags.push('LARGE_DEPOSITOR');
  if (row.shared_bonus) tags.push('PROMOTION_ABUSER');
  return tags;
}
