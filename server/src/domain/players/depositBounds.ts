import type { Config } from '../../config';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';

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
  return boundsInForce(await ownDepositBounds(q), config);
}

/** The owner's bounds where set, the server's otherwise. */
export function boundsInForce(
  own: { min: number | null; max: number | null },
  config: Pick<Config, 'depositMinLak' | 'depositMaxLak'>,
): DepositBounds {
  return { min: own.min ?? config.depositMinLak, max: own.max ?? config.depositMaxLak };
}

/**
 * The owner's bounds as two columns (deposit_min_lak, deposit_max_lak) of another statement's row, read
 * with ownBoundsOf: a page read that needs them beside other figures asks once.
 */
export const OWN_BOUNDS_COLUMNS = `(SELECT deposit_min_lak FROM backoffice_settings WHERE id) AS deposit_min_lak,
  (SELECT deposit_max_lak FROM backoffice_settings WHERE id) AS deposit_max_lak`;

export function ownBoundsOf(row: { deposit_min_lak?: unknown; deposit_max_lak?: unknown } | undefined): {
  min: number | null;
  max: number | null;
} {
  const set = (value: unknown) => (value === null || value === undefined ? null : toInt(value));
  return { min: set(row?.deposit_min_lak), max: set(row?.deposit_max_lak) };
}

/** The owner's bounds as set (null: the server's), for the back office. */
export async function ownDepositBounds(q: Queryable): Promise<{ min: number | null; max: number | null }> {
  const r = await q.query<{ deposit_min_lak: unknown; deposit_max_lak: unknown }>(
    `SELECT ${OWN_BOUNDS_COLUMNS}`,
  );
  return ownBoundsOf(r.rows[0]);
}

export async function setDepositBounds(
  q: Queryable,
  bounds: { min: number | null; max: number | null },
): Promise<void> {
  await q.query(
    'UPDATE backoffice_settings SET deposit_min_lak = $1, deposit_max_lak = $2, updated_at = app_now() WHERE id',
    [bounds.min, bounds.max],
  );
}
