import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { REALITY_CHECK_MINUTES } from '@core/protectionRules';

/** Player protection, the reality check (docs/protection.md): how often the site reminds the player of the time played. */

export async function realityCheckMinutes(q: Queryable, playerId: string): Promise<number | null> {
  const r = await q.query<{ reality_check_minutes: unknown }>(
    'SELECT reality_check_minutes FROM players WHERE id = $1',
    [playerId],
  );
  const value = r.rows[0]?.reality_check_minutes;
  return value === null || value === undefined ? null : toInt(value);
}

/** Sets how often the site reminds the player of the time played; null turns reminders off. */
export async function setRealityCheck(q: Queryable, playerId: string, minutes: number | null): Promise<void> {
  if (minutes !== null && !(REALITY_CHECK_MINUTES as readonly number[]).includes(minutes))
    throw new DomainError('VALIDATION_ERROR', 'Reminders come every 15, 30, 45, 60, 90 or 120 minutes', [
      { field: 'minutes', message: REALITY_CHECK_MINUTES.join(', ') },
    ]);
  await q.query('UPDATE players SET reality_check_minutes = $2 WHERE id = $1', [playerId, minutes]);
}
