import type { Config } from '../config';
import type { Queryable } from '../db/types';
import { toInt } from '../db/values';

export interface DepositBounds {
  /** Whole kip. */
  min: number;
  max: number;
}

/**
 * The deposit bounds in force: the owner's, set in the back office, else the server's DEPOSIT_MIN_LAK and
 * DEPOSIT_MAX_LAK. The agency's limits (what the deposit form says) and createDeposit read the same.
 */
export async function depositBounds(
  q: Queryable,
  config: Pick<Config, 'depositMinLak' | 'depositMaxLak'>,
): Promise<DepositBounds> {
  const own = await ownDepositBounds(q);
  return { min: own.min ?? config.depositMinLak, max: own.max ?? config.depositMaxLak };
}

/** The owner's bounds as set (null: the server's), for the back office. */
export async function ownDepositBounds(q: Queryable): Promise<{ min: number | null; max: number | null }> {
  const r = await q.query<{ deposit_min_lak: unknown; deposit_max_lak: unknown }>(
    'SELECT deposit_min_lak, deposit_max_lak FROM backoffice_settings WHERE id',
  );
  const row = r.rows[0];
  const set = (value: unknown) => (value === null || value === undefined ? null : toInt(value));
  return { min: set(row?.deposit_min_lak), max: set(row?.deposit_max_lak) };
}

export async function setDepositBounds(
  q: Queryable,
  bounds: { min: number | null; max: number | null },
): Promise<void> {
  await q.query(
    'UPDATE backoffice_settings SET deposit_min_lak = $1, deposit_max_lak = $2, updated_at = now() WHERE id',
    [bounds.min, bounds.max],
  );
}
