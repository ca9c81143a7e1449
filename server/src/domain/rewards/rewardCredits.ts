import type { RewardKind } from '@core/ledgerKinds';
import type { ProviderCode } from '../../adapters';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { playerAccountId, postTransfers, systemAccountId } from '../ledger/ledger';
import { enqueueTransfer } from '../ledger/outbox';

/**
 * Every reward credited (docs/rewards.md), whatever pays it: a ledger transfer reward liability → the
 * player's account at a provider, the provider's IN in the outbox and a reward_credits row with its turnover,
 * all under one reference and in the caller's transaction.
 */

export interface RewardCredit {
  reference: string;
  kind: RewardKind;
  playerId: string;
  provider: ProviderCode;
  amount: number;
  /** Multiple of the amount to stake at the provider before credit leaves it; 0 for none. */
  turnover: number;
}

export async function creditRewardIn(q: Queryable, reward: RewardCredit): Promise<void> {
  const liability = await systemAccountId(q, 'reward_liability', 'THB');
  const player = await playerAccountId(q, reward.playerId, reward.provider);
  await postTransfers(q, [
    {
      reference: reward.reference,
      kind: reward.kind,
      debitAccountId: liability,
      creditAccountId: player,
      amount: reward.amount,
    },
  ]);
  await enqueueTransfer(q, {
    reference: reward.reference,
    provider: reward.provider,
    playerId: reward.playerId,
    direction: 'IN',
    amount: reward.amount,
    kind: 'REWARD',
    ledgerReference: reward.reference,
  });
  // The turnover counts the stakes from now: the operation asked the provider just before
  // (readRewardProvider, credits.ts), so its last read holds every stake placed before the reward.
  await q.query(
    `INSERT INTO reward_credits (reference, player_id, provider, kind, amount, turnover_required, bets_baseline)
     VALUES ($1, $2, $3, $4, $5, $6,
       COALESCE((SELECT bets_seen FROM provider_game_results WHERE player_id = $2 AND provider = $3), 0))
     ON CONFLICT (reference) DO NOTHING`,
    [
      reward.reference,
      reward.playerId,
      reward.provider,
      reward.kind,
      reward.amount,
      reward.amount * reward.turnover,
    ],
  );
}

/** A credited reward's turnover: required, and done so far (at most required). */
export interface RewardTurnover {
  required: number;
  done: number;
}

/** The turnover of credited rewards, by reference (those not credited are missing). */
export async function rewardTurnovers(
  q: Queryable,
  references: string[],
): Promise<Map<string, RewardTurnover>> {
  if (references.length === 0) return new Map();
  const r = await q.query<{ reference: string; required: unknown; done: unknown }>(
    `SELECT c.reference, c.turnover_required AS required, COALESCE(g.bets_seen, 0) - c.bets_baseline AS done
     FROM reward_credits c
     LEFT JOIN provider_game_results g ON g.player_id = c.player_id AND g.provider = c.provider
     WHERE c.reference = ANY($1::text[])`,
    [references],
  );
  return new Map(
    r.rows.map((row) => {
      const required = toInt(row.required);
      return [row.reference, { required, done: Math.max(0, Math.min(required, toInt(row.done))) }];
    }),
  );
}

/**
 * Refuses to let credit leave a provider (a withdrawal, a move) while a reward credited there has turnover
 * left: the stakes seen there since it was credited (the wallet read just before) are below what it requires.
 */
export async function assertRewardTurnoverMet(
  q: Queryable,
  playerId: string,
  provider: ProviderCode,
): Promise<void> {
  const r = await q.query<{ required: unknown; done: unknown }>(
    `SELECT c.turnover_required AS required, COALESCE(g.bets_seen, 0) - c.bets_baseline AS done
     FROM reward_credits c
     LEFT JOIN provider_game_results g ON g.player_id = c.player_id AND g.provider = c.provider
     WHERE c.player_id = $1 AND c.provider = $2
       AND COALESCE(g.bets_seen, 0) - c.bets_baseline < c.turnover_required
     ORDER BY c.credited_at LIMIT 1`,
    [playerId, provider],
  );
  const left = r.rows[0];
  if (!left) return;
  const required = toInt(left.required);
  const done = Math.max(0, toInt(left.done));
  throw new DomainError(
    'REWARD_TURNOVER_NOT_MET',
    `A reward credited at this provider needs ${required} satang staked before credit leaves it`,
    [
      { field: 'turnoverRequired', message: String(required) },
      { field: 'turnoverDone', message: String(done) },
    ],
  );
}
