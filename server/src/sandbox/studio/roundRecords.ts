import type { components } from '@core/contract';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';

// Rounds are rows of sandbox_game_rounds (migration 008): what each one staked, paid and left in the wallet.

type StudioRound = components['schemas']['StudioRound'];

export interface RoundRow {
  id: string;
  status: StudioRound['status'];
  bet: unknown;
  win: unknown;
  balance_after: unknown;
  seed: string;
  outcome: StudioRound['outcome'];
}

export const ROUND_COLUMNS = 'id, status, bet, win, balance_after, seed, outcome';

export function toRound(row: RoundRow): StudioRound {
  return {
    roundId: row.id,
    status: row.status,
    bet: toInt(row.bet),
    win: toInt(row.win),
    balanceAfter: toInt(row.balance_after),
    outcome: row.outcome,
  };
}

/** Moves the player's open round of this game, if any, to a new session and returns it. */
export async function adoptOpenRound(
  q: Queryable,
  input: { session: string; provider: string; playerId: string; gameId: string },
): Promise<StudioRound | null> {
  const r = await q.query<RoundRow>(
    `UPDATE sandbox_game_rounds SET session_id = $1
     WHERE provider = $2 AND player_id = $3 AND game_id = $4 AND status = 'OPEN'
     RETURNING ${ROUND_COLUMNS}`,
    [input.session, input.provider, input.playerId, input.gameId],
  );
  return r.rows[0] ? toRound(r.rows[0]) : null;
}
