import { REWARD_KINDS } from '@core/ledgerKinds';
import type { ProviderCode } from '../../adapters';
import { PROVIDERS } from '@core/providers';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { playDayStartsAt } from './playTime';
import { GAME_PLAY_KINDS_SQL } from '@core/ledgerKinds';

/**
 * Account activity (docs/protection.md): what the player paid in and took out over whole days in
 * Asia/Vientiane, bonuses and rewards received, and the game result booked at each provider. Money at the bank is LAK;
 * credit, bonuses and game results are THB satang.
 */

export const MAX_STATEMENT_DAYS = 366;
const DAY_MS = 24 * 3_600_000;

export interface MoneyTotals {
  count: number;
  amount: number;
  credit: number;
}

export interface StatementFigures {
  deposits: MoneyTotals;
  withdrawals: MoneyTotals;
  bonuses: number;
  /** Rewards credited: loss cashback, check-ins and referral commission (docs/rewards.md). */
  rewards: number;
  /** Credit corrections the agency applied (docs/backoffice.md, "Players"): given, less taken back. */
  corrections: number;
  providers: { provider: ProviderCode; net: number }[];
  net: number;
}

function isRealDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/** The instants [from, until) a statement from `from` to `to` (both days included) covers. */
export function statementPeriod(from: string, to: string): { start: Date; end: Date } {
  if (!isRealDay(from)) throw badPeriod('from', 'not a calendar day');
  if (!isRealDay(to)) throw badPeriod('to', 'not a calendar day');
  const start = playDayStartsAt(from);
  const end = new Date(playDayStartsAt(to).getTime() + DAY_MS);
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  if (days < 1) throw badPeriod('to', 'must not be before from');
  if (days > MAX_STATEMENT_DAYS) throw badPeriod('to', `at most ${MAX_STATEMENT_DAYS} days after from`);
  return { start, end };
}

function badPeriod(field: string, message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', `The period is not valid: ${field} ${message}`, [
    { field, message },
  ]);
}

/** Game results (wins minus stakes) booked per provider in [start, end), every provider listed. */
export async function gameResults(
  q: Queryable,
  playerId: string,
  start: Date,
  end: Date,
): Promise<{ provider: ProviderCode; net: number }[]> {
  const r = await q.query<{ provider: ProviderCode; net: unknown }>(
    `SELECT a.provider, COALESCE(sum(p.amount), 0)::text AS net
     FROM ledger_postings p
     JOIN ledger_transfers t ON t.id = p.transfer_id
     JOIN ledger_accounts a ON a.id = p.account_id
     WHERE a.player_id = $1 AND NOT a.is_system AND t.kind IN ${GAME_PLAY_KINDS_SQL}
       AND COALESCE(t.played_at, t.created_at) >= $2 AND COALESCE(t.played_at, t.created_at) < $3
     GROUP BY a.provider`,
    [playerId, start.toISOString(), end.toISOString()],
  );
  const byProvider = new Map(r.rows.map((row) => [row.provider, toInt(row.net)]));
  return PROVIDERS.map((provider) => ({ provider, net: byProvider.get(provider) ?? 0 }));
}

/**
 * The statement's figures in one round trip: the paid orders by kind, then the ledger's game results per
 * provider and its reward credits. A deposit counts once the bank has paid it (PAID, then SUCCESS); a
 * withdrawal once paid out (SUCCESS). Rewards are the reward transfers to the player's accounts
 * (rewardCredits.ts); game results are wins minus stakes as booked.
 */
const STATEMENT_SQL = `
  SELECT kind AS part, NULL AS provider, count(*)::int AS count, COALESCE(sum(amount), 0)::text AS amount,
         COALESCE(sum(credit), 0)::text AS credit, COALESCE(sum(bonus_credit), 0)::text AS bonus
  FROM orders
  WHERE player_id = $1 AND created_at >= $2 AND created_at < $3
    AND ((kind = 'DEPOSIT' AND status IN ('PAID', 'SUCCESS')) OR (kind = 'WITHDRAW' AND status = 'SUCCESS'))
  GROUP BY kind
  UNION ALL
  SELECT CASE WHEN t.kind IN ${GAME_PLAY_KINDS_SQL} THEN 'GAME_RESULT'
              WHEN t.kind = 'CORRECTION' THEN 'CORRECTION' ELSE 'REWARD' END,
         CASE WHEN t.kind IN ${GAME_PLAY_KINDS_SQL} THEN a.provider END,
         0, COALESCE(sum(p.amount), 0)::text, '0', '0'
  FROM ledger_postings p
  JOIN ledger_transfers t ON t.id = p.transfer_id
  JOIN ledger_accounts a ON a.id = p.account_id
  WHERE a.player_id = $1 AND NOT a.is_system
    AND (t.kind IN ${GAME_PLAY_KINDS_SQL} OR t.kind = ANY($4::text[]) OR t.kind = 'CORRECTION')
    AND COALESCE(t.played_at, t.created_at) >= $2 AND COALESCE(t.played_at, t.created_at) < $3
  GROUP BY 1, 2`;

export async function statement(
  q: Queryable,
  playerId: string,
  start: Date,
  end: Date,
): Promise<StatementFigures> {
  const r = await q.query<{
    part: 'DEPOSIT' | 'WITHDRAW' | 'GAME_RESULT' | 'REWARD' | 'CORRECTION';
    provider: ProviderCode | null;
    count: unknown;
    amount: unknown;
    credit: unknown;
    bonus: unknown;
  }>(STATEMENT_SQL, [playerId, start.toISOString(), end.toISOString(), REWARD_KINDS]);
  const orders = (part: 'DEPOSIT' | 'WITHDRAW') => {
    const row = r.rows.find((x) => x.part === part);
    return {
      count: row ? toInt(row.count) : 0,
      amount: row ? toInt(row.amount) : 0,
      credit: row ? toInt(row.credit) : 0,
      bonus: row ? toInt(row.bonus) : 0,
    };
  };
  const deposits = orders('DEPOSIT');
  const withdrawals = orders('WITHDRAW');
  const net = (provider: ProviderCode) =>
    toInt(r.rows.find((x) => x.part === 'GAME_RESULT' && x.provider === provider)?.amount ?? 0);
  const providers = PROVIDERS.map((provider) => ({ provider, net: net(provider) }));
  return {
    deposits: { count: deposits.count, amount: deposits.amount, credit: deposits.credit },
    withdrawals: { count: withdrawals.count, amount: withdrawals.amount, credit: withdrawals.credit },
    bonuses: deposits.bonus,
    rewards: toInt(r.rows.find((x) => x.part === 'REWARD')?.amount ?? 0),
    corrections: toInt(r.rows.find((x) => x.part === 'CORRECTION')?.amount ?? 0),
    providers,
    net: providers.reduce((sum, p) => sum + p.net, 0),
  };
}
