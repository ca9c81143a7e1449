import { REWARD_KINDS } from '@core/ledgerKinds';
import type { ProviderCode } from '../../adapters';
import { PROVIDERS } from '@core/providers';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { playDayStartsAt } from './playTime';

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

async function orderTotals(
  q: Queryable,
  playerId: string,
  kind: 'DEPOSIT' | 'WITHDRAW',
  start: Date,
  end: Date,
): Promise<MoneyTotals & { bonus: number }> {
  // A deposit counts once the bank has paid it (PAID, then SUCCESS); a withdrawal once paid out (SUCCESS).
  const statuses = kind === 'DEPOSIT' ? ['PAID', 'SUCCESS'] : ['SUCCESS'];
  const r = await q.query<{ count: unknown; amount: unknown; credit: unknown; bonus: unknown }>(
    `SELECT count(*)::int AS count, COALESCE(sum(amount), 0)::text AS amount,
            COALESCE(sum(credit), 0)::text AS credit, COALESCE(sum(bonus_credit), 0)::text AS bonus
     FROM orders WHERE player_id = $1 AND kind = $2 AND status = ANY($3)
       AND created_at >= $4 AND created_at < $5`,
    [playerId, kind, statuses, start.toISOString(), end.toISOString()],
  );
  const row = r.rows[0]!;
  return {
    count: toInt(row.count),
    amount: toInt(row.amount),
    credit: toInt(row.credit),
    bonus: toInt(row.bonus),
  };
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
     WHERE a.player_id = $1 AND NOT a.is_system AND t.kind = 'GAME_RESULT'
       AND t.created_at >= $2 AND t.created_at < $3
     GROUP BY a.provider`,
    [playerId, start.toISOString(), end.toISOString()],
  );
  const byProvider = new Map(r.rows.map((row) => [row.provider, toInt(row.net)]));
  return PROVIDERS.map((provider) => ({ provider, net: byProvider.get(provider) ?? 0 }));
}

/** Rewards credited to the player in [start, end): the reward transfers to their accounts (rewardCredits.ts). */
async function rewardsCredited(q: Queryable, playerId: string, start: Date, end: Date): Promise<number> {
  const r = await q.query<{ total: unknown }>(
    `SELECT COALESCE(sum(p.amount), 0)::text AS total
     FROM ledger_postings p
     JOIN ledger_transfers t ON t.id = p.transfer_id
     JOIN ledger_accounts a ON a.id = p.account_id
     WHERE a.player_id = $1 AND NOT a.is_system AND t.kind = ANY($4::text[])
       AND t.created_at >= $2 AND t.created_at < $3`,
    [playerId, start.toISOString(), end.toISOString(), REWARD_KINDS],
  );
  return toInt(r.rows[0]!.total);
}

export async function statement(
  q: Queryable,
  playerId: string,
  start: Date,
  end: Date,
): Promise<StatementFigures> {
  const deposits = await orderTotals(q, playerId, 'DEPOSIT', start, end);
  const withdrawals = await orderTotals(q, playerId, 'WITHDRAW', start, end);
  const providers = await gameResults(q, playerId, start, end);
  return {
    deposits: { count: deposits.count, amount: deposits.amount, credit: deposits.credit },
    withdrawals: { count: withdrawals.count, amount: withdrawals.amount, credit: withdrawals.credit },
    bonuses: deposits.bonus,
    rewards: await rewardsCredited(q, playerId, start, end),
    providers,
    net: providers.reduce((sum, p) => sum + p.net, 0),
  };
}
