import { boundsInForce, OWN_BOUNDS_COLUMNS, ownBoundsOf } from './depositBounds';
import type { Config } from '../../config';
import type { Queryable } from '../../db/types';
import { PASSWORD_MAX, PASSWORD_MIN } from './passwords';
import { USERNAME_MAX, USERNAME_MIN } from './players';

type Currency = 'LAK' | 'THB' | 'USD';

export interface AgencyView {
  id: string;
  name: string;
  currency: Currency;
  social: { telegram: string; whatsapp: string; facebook: string; twitter: string; line: string };
  limits: {
    username: { min: number; max: number };
    password: { min: number; max: number };
    deposit: { min: number; max: number; currency: Currency };
    withdraw: { min: number; max: number; currency: Currency };
  };
  sandbox: boolean;
}

type LimitsConfig = Pick<
  Config,
  'depositMinLak' | 'depositMaxLak' | 'withdrawMinSatang' | 'withdrawMaxSatang' | 'sandbox'
>;

/** The agency operating the site (the first one created), or null when none exists yet. */
export async function getAgency(q: Queryable, config: LimitsConfig): Promise<AgencyView | null> {
  const res = await q.query<{
    id: string;
    name: string;
    currency: Currency;
    telegram: string;
    whatsapp: string;
    facebook: string;
    twitter: string;
    line: string;
    deposit_min_lak: unknown;
    deposit_max_lak: unknown;
  }>(
    `SELECT a.id, a.name, a.currency, a.telegram, a.whatsapp, a.facebook, a.twitter, a.line, ${OWN_BOUNDS_COLUMNS}
     FROM agencies a ORDER BY a.created_at, a.id LIMIT 1`,
    [],
    // Read by every page's first request.
    { prepared: true },
  );
  const row = res.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    social: {
      telegram: row.telegram,
      whatsapp: row.whatsapp,
      facebook: row.facebook,
      twitter: row.twitter,
      line: row.line,
    },
    limits: {
      username: { min: USERNAME_MIN, max: USERNAME_MAX },
      password: { min: PASSWORD_MIN, max: PASSWORD_MAX },
      deposit: { ...boundsInForce(ownBoundsOf(row), config), currency: 'LAK' },
      withdraw: { min: config.withdrawMinSatang, max: config.withdrawMaxSatang, currency: 'THB' },
    },
    sandbox: config.sandbox,
  };
}
