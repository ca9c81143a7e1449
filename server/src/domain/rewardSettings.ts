import type { RewardPeriodKind } from '@core/rewardPeriods';
import type { Queryable } from '../db/types';
import { toInt } from '../db/values';

/** The agency's loss cashback terms (reward_settings, one row; docs/rewards.md). Amounts in satang. */
export interface CashbackSettings {
  enabled: boolean;
  rateBasisPoints: number;
  period: RewardPeriodKind;
  minLoss: number;
  maxPayment: number;
  /** Multiple of a payment to stake at its provider before withdrawing from there; 0 for none. */
  turnover: number;
  /** AUTO: credited when the period ends; CLAIM: waits CASHBACK_CLAIM_DAYS for the player. */
  payment: 'AUTO' | 'CLAIM';
}

/** How long a cashback paid on claim waits for the player. */
export const CASHBACK_CLAIM_DAYS = 7;

const COLUMNS: Record<keyof CashbackSettings, string> = {
  enabled: 'cashback_enabled',
  rateBasisPoints: 'cashback_rate_bp',
  period: 'cashback_period',
  minLoss: 'cashback_min_loss',
  maxPayment: 'cashback_max',
  turnover: 'cashback_turnover',
  payment: 'cashback_payment',
};

interface SettingsRow {
  cashback_enabled: boolean;
  cashback_rate_bp: unknown;
  cashback_period: RewardPeriodKind;
  cashback_min_loss: unknown;
  cashback_max: unknown;
  cashback_turnover: unknown;
  cashback_payment: 'AUTO' | 'CLAIM';
}

function toSettings(row: SettingsRow): CashbackSettings {
  return {
    enabled: row.cashback_enabled,
    rateBasisPoints: toInt(row.cashback_rate_bp),
    period: row.cashback_period,
    minLoss: toInt(row.cashback_min_loss),
    maxPayment: toInt(row.cashback_max),
    turnover: toInt(row.cashback_turnover),
    payment: row.cashback_payment,
  };
}

export async function readCashbackSettings(q: Queryable): Promise<CashbackSettings> {
  const r = await q.query<SettingsRow>(
    `SELECT ${Object.values(COLUMNS).join(', ')} FROM reward_settings WHERE id = 1`,
  );
  return toSettings(r.rows[0]!);
}

/**
 * Changes some of the terms; the table's checks refuse values out of range. A new rate, minimum, maximum
 * or turnover applies to the periods settled after it; a new period kind is best set at a period's start
 * (docs/rewards.md).
 */
export async function updateCashbackSettings(
  q: Queryable,
  change: Partial<CashbackSettings>,
): Promise<CashbackSettings> {
  const entries = (Object.keys(change) as (keyof CashbackSettings)[]).filter((k) => change[k] !== undefined);
  if (entries.length > 0) {
    const sets = entries.map((k, i) => `${COLUMNS[k]} = $${i + 1}`).join(', ');
    await q.query(
      `UPDATE reward_settings SET ${sets}, updated_at = now() WHERE id = 1`,
      entries.map((k) => change[k]),
    );
  }
  return readCashbackSettings(q);
}
