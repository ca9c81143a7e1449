import { holderNameKey } from '@core/holderNames';
import { linkedPlayers } from '../players/playerLinks';
import { toUsage, usageInForce } from '../promotions/promotionUsages';
import { correctionsOf } from './creditCorrectionReads';
import { PROVIDERS } from '@core/providers';
import { addDays, vientianeDay, vientianeDayStart } from '@core/rewardPeriods';
import type { components } from '@core/contract';
import type { Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';
import { DomainError } from '../../errors';
import { exclusionsInForce } from '../protection/exclusions';
import { currentLimits } from '../protection/protectionLimits';
import { rewardTurnovers } from '../rewards/rewardCredits';
import { playerBalance } from '../ledger/ledger';
import { latestRounds } from '../games/betHistory';
import { ORDER_COLUMNS, toOrder, type OrderRow, type OrderStatus } from '../ledger/orders';
import { approvalsNeededFor, fourEyesAbove, listApprovals } from '../money/withdrawalApprovals';

type StaffWithdrawal = components['schemas']['StaffWithdrawal'];
type RiskFlag = components['schemas']['WithdrawalRiskFlag'];
type RiskTag = Extract<RiskFlag, 'LINKED_ACCOUNTS' | 'LARGE_DEPOSITOR' | 'PROMOTION_ABUSER'>;
type StaffDashboard = components['schemas']['StaffDashboard'];
type StaffPlayer = components['schemas']['StaffPlayer'];
type StaffPlayerSummary = components['schemas']['StaffPlayerSummary'];

/**
 * What the back office reads: the day's figures, the withdrawal queue, players. Reads only; what staff
 * change goes through the same domain operations as `npm run ops` (withdrawals.ts, promotionSettings.ts…).
 */

export async function dashboard(q: Queryable, now: Date): Promise<StaffDashboard> {
  const day = vientianeDay(now);
  const from = vientianeDayStart(day).toISOString();
  const to = vientianeDayStart(addDays(day, 1)).toISOString();
  const money = await q.query<{ kind: string; n: unknown; amount: unknown }>(
    `SELECT kind, count(*) AS n, coalesce(sum(amount), 0) AS amount FROM orders
     WHERE status = 'SUCCESS' AND updated_at >= $1 AND updated_at < $2 GROUP BY kind`,
    [from, to],
  );
  const of = (kind: string) => {
    const row = money.rows.find((r) => r.kind === kind);
    return { count: row ? toInt(row.n) : 0, amount: row ? toInt(row.amount) : 0 };
  };
  const counts = await q.query<{
    new_players: unknown;
    active: unknown;
    waiting: unknown;
    unmatched: unknown;
    failed: unknown;
  }>(
    `SELECT
       (SELECT count(*) FROM players WHERE created_at >= $1 AND created_at < $2) AS new_players,
       (SELECT count(*) FROM players WHERE last_login_at >= $1 AND last_login_at < $2) AS active,
       (SELECT count(*) FROM orders WHERE kind = 'WITHDRAW' AND status = 'OPEN'
          AND payout_review_reason IS NOT NULL AND payout_started_at IS NULL) AS waiting,
       (SELECT count(*) FROM payment_callbacks WHERE outcome = 'UNMATCHED' AND resolution IS NULL) AS unmatched,
       (SELECT count(*) FROM provider_outbox WHERE status = 'FAILED') AS failed`,
    [from, to],
  );
  const c = counts.rows[0]!;
  const deposits = of('DEPOSIT');
  const withdrawals = of('WITHDRAW');
  return {
    day,
    deposits,
    withdrawals,
    net: deposits.amount - withdrawals.amount,
    newPlayers: toInt(c.new_players),
    activePlayers: toInt(c.active),
    waiting: {
      withdrawals: toInt(c.waiting),
      unmatchedPayments: toInt(c.unmatched),
      failedTransfers: toInt(c.failed),
    },
  };
}

interface QueueRow extends OrderRow {
  username: string;
  payout_risk_tags: RiskTag[];
  account_number: string | null;
  account_name: string | null;
  account_created_at: unknown;
  display_name: string;
  registered_at: unknown;
  deposited: unknown;
  withdrawn: unknown;
  holder_username: string | null;
  holder_name: string | null;
  held_since: unknown;
}

const SORTS = {
  oldest: 'o.created_at ASC, o.code',
  newest: 'o.created_at DESC, o.code',
  largest: 'o.credit DESC, o.created_at ASC',
} as const;

export type QueueSort = keyof typeof SORTS;

function riskFlags(row: QueueRow, needed: number): RiskFlag[] {
  const flags: RiskFlag[] = [];
  const reason = row.payout_review_reason;
  if (reason === 'OVER_AUTOMATIC_LIMIT') flags.push('OVER_AUTOMATIC_LIMIT');
  if (reason === 'PROMOTION_IN_USE' || row.usage_id) flags.push('PROMOTION_IN_USE');
  if (reason === 'MANY_WITHDRAWALS') flags.push('MANY_WITHDRAWALS');
  const accountAge = row.account_created_at
    ? new Date(toIso(row.created_at)).getTime() - new Date(toIso(row.account_created_at)).getTime()
    : 0;
  if (reason === 'NEW_BANK_ACCOUNT' || (row.account_created_at && accountAge < 24 * 3_600_000))
    flags.push('NEW_BANK_ACCOUNT');
  if (needed > 1) flags.push('FOUR_EYES');
  flags.push(...row.payout_risk_tags);
  return flags;
}

/** Withdrawals as staff see them: the player, the account paid to, approvals so far and risk flags. */
export async function listQueue(
  q: Queryable,
  filter: {
    status?: OrderStatus;
    username?: string;
    sort: QueueSort;
    page: number;
    pageSize: number;
    code?: string;
  },
): Promise<{ items: StaffWithdrawal[]; total: number }> {
  const where = `o.kind = 'WITHDRAW' AND ($1::text IS NULL OR o.status = $1::text)
    AND ($2::text IS NULL OR p.username = $2::text) AND ($3::text IS NULL OR o.code = $3::text)`;
  const params = [filter.status ?? null, filter.username ?? null, filter.code ?? null];
  const columns = ORDER_COLUMNS.split(',')
    .map((c) => `o.${c.trim()}`)
    .join(', ');
  const r = await q.query<QueueRow>(
    `SELECT ${columns}, o.payout_risk_tags, p.username, b.account_number, b.account_name,
       b.created_at AS account_created_at, p.display_name, p.created_at AS registered_at,
       (SELECT COALESCE(sum(x.amount), 0) FROM orders x
         WHERE x.player_id = o.player_id AND x.kind = 'DEPOSIT' AND x.status = 'SUCCESS') AS deposited,
       (SELECT COALESCE(sum(x.amount), 0) FROM orders x
         WHERE x.player_id = o.player_id AND x.kind = 'WITHDRAW' AND x.status = 'SUCCESS' AND x.code <> o.code)
         AS withdrawn,
       s.username AS holder_username, s.display_name AS holder_name, h.since AS held_since
     FROM orders o JOIN players p ON p.id = o.player_id LEFT JOIN bank_accounts b ON b.id = o.bank_account_id
       LEFT JOIN withdrawal_holds h ON h.order_code = o.code AND h.until > app_now() AND o.status = 'OPEN'
       LEFT JOIN staff s ON s.id = h.staff_id
     WHERE ${where} ORDER BY ${SORTS[filter.sort]} LIMIT $4 OFFSET $5`,
    [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  const total = await q.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM orders o JOIN players p ON p.id = o.player_id WHERE ${where}`,
    params,
  );
  const above = await fourEyesAbove(q);
  const approvals = await listApprovals(
    q,
    r.rows.map((row) => row.code),
  );
  const playerIds = [...new Set(r.rows.map((row) => row.player_id))];
  const links = await linkedPlayers(q, playerIds);
  const turnovers = new Map<string, StaffWithdrawal['player']['turnover']>();
  for (const playerId of playerIds) {
    const found = await usageInForce(q, playerId);
    const usage = found && toUsage(found.row);
    turnovers.set(
      playerId,
      usage?.turnoverRequired === undefined
        ? null
        : { required: usage.turnoverRequired, done: usage.turnoverDone ?? 0 },
    );
  }
  const items = r.rows.map((row): StaffWithdrawal => {
    const needed = approvalsNeededFor(toInt(row.credit), above);
    return {
      code: row.code,
      username: row.username,
      provider: row.provider,
      amount: toInt(row.amount),
      credit: toInt(row.credit),
      status: row.status,
      bank: row.bank,
      accountNumber: row.account_number ?? '',
      accountName: row.account_name ?? '',
      createdAt: toIso(row.created_at),
      reviewReason: row.payout_review_reason,
      approvals: approvals.get(row.code) ?? [],
      approvalsNeeded: needed,
      riskFlags: riskFlags(row, needed),
      linkedPlayers: (links.get(row.player_id) ?? []).map(({ username, kinds }) => ({ username, kinds })),
      reviewBy: toOrder(row).payout?.review?.expectedBy ?? null,
      takenBy:
        row.holder_username === null
          ? null
          : { username: row.holder_username, displayName: row.holder_name!, since: toIso(row.held_since) },
      player: {
        registeredAt: toIso(row.registered_at),
        registeredName: row.display_name,
        nameMatches:
          row.account_name !== null && holderNameKey(row.account_name) === holderNameKey(row.display_name),
        deposited: toInt(row.deposited),
        withdrawn: toInt(row.withdrawn),
        turnover: turnovers.get(row.player_id) ?? null,
      },
    };
  });
  return { items, total: toInt(total.rows[0]!.n) };
}

/** Deposit orders as staff see them: every player's, newest first, with the player's username. */
export async function listDepositsForStaff(
  q: Queryable,
  filter: { status?: OrderStatus; username?: string; page: number; pageSize: number },
): Promise<{ items: { username: string; order: ReturnType<typeof toOrder> }[]; total: number }> {
  const where = `o.kind = 'DEPOSIT' AND ($1::text IS NULL OR o.status = $1::text)
    AND ($2::text IS NULL OR p.username = $2::text)`;
  const params = [filter.status ?? null, filter.username ?? null];
  const columns = ORDER_COLUMNS.split(',')
    .map((c) => `o.${c.trim()}`)
    .join(', ');
  const r = await q.query<OrderRow & { username: string }>(
    `SELECT ${columns}, p.username FROM orders o JOIN players p ON p.id = o.player_id
     WHERE ${where} ORDER BY o.created_at DESC, o.code LIMIT $3 OFFSET $4`,
    [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  const total = await q.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM orders o JOIN players p ON p.id = o.player_id WHERE ${where}`,
    params,
  );
  return {
    items: r.rows.map((row) => ({ username: row.username, order: toOrder(row) })),
    total: toInt(total.rows[0]!.n),
  };
}

export async function queueEntry(q: Queryable, code: string): Promise<StaffWithdrawal> {
  const found = await listQueue(q, { code, sort: 'oldest', page: 1, pageSize: 1 });
  const entry = found.items[0];
  if (!entry) throw new DomainError('ORDER_NOT_FOUND', 'No such withdraw order');
  return entry;
}

interface PlayerSummaryRow {
  id: string;
  username: string;
  display_name: string;
  status: 'ACTIVE' | 'BLOCKED';
  promotion_blocked: boolean;
  created_at: unknown;
  last_login_at: unknown;
}

export function toSummary(row: PlayerSummaryRow): StaffPlayerSummary {
  return {
    username: row.username,
    displayName: row.display_name,
    status: row.status,
    promotionBlocked: row.promotion_blocked,
    createdAt: toIso(row.created_at),
    lastLoginAt: row.last_login_at ? toIso(row.last_login_at) : null,
  };
}

/**
 * Players found by `q`: a username (or its start), a bank account number, or an order code; every
 * player, newest first, without one.
 */
export async function searchPlayers(
  q: Queryable,
  search: string | undefined,
  page: number,
  pageSize: number,
): Promise<{ items: StaffPlayerSummary[]; total: number }> {
  const where = `$1::text IS NULL
    OR p.username LIKE $1::text || '%'
    OR EXISTS (SELECT 1 FROM bank_accounts b WHERE b.player_id = p.id AND b.account_number = $1::text)
    OR EXISTS (SELECT 1 FROM orders o WHERE o.player_id = p.id AND o.code = upper($1::text))`;
  const term = search ? search.replace(/[%_\\]/g, (c) => `\\${c}`) : null;
  const r = await q.query<PlayerSummaryRow>(
    `SELECT p.id, p.username, p.display_name, p.status, p.promotion_blocked, p.created_at, p.last_login_at
     FROM players p WHERE ${where} ORDER BY p.created_at DESC, p.username LIMIT $2 OFFSET $3`,
    [term, pageSize, (page - 1) * pageSize],
  );
  const total = await q.query<{ n: unknown }>(`SELECT count(*) AS n FROM players p WHERE ${where}`, [term]);
  return { items: r.rows.map(toSummary), total: toInt(total.rows[0]!.n) };
}

export async function findPlayerForStaff(q: Queryable, username: string): Promise<PlayerSummaryRow> {
  const r = await q.query<PlayerSummaryRow>(
    `SELECT id, username, display_name, status, promotion_blocked, created_at, last_login_at
     FROM players WHERE username = $1`,
    [username],
  );
  if (!r.rows[0]) throw new DomainError('NOT_FOUND', 'No such player');
  return r.rows[0];
}

/** A player's latest promotion usages, newest first. */
async function promotionsOf(q: Queryable, playerId: string): Promise<StaffPlayer['promotions']> {
  const r = await q.query<{
    promotion_id: string;
    provider: StaffPlayer['promotions'][number]['provider'];
    status: StaffPlayer['promotions'][number]['status'];
    deposit_amount: unknown;
    bonus_credit: unknown;
    used_at: unknown;
    ended_at: unknown;
  }>(
    `SELECT promotion_id, provider, status, deposit_amount, bonus_credit, used_at, ended_at
     FROM promotion_usages WHERE player_id = $1 ORDER BY used_at DESC LIMIT 20`,
    [playerId],
  );
  return r.rows.map((u) => ({
    promotionId: u.promotion_id,
    provider: u.provider,
    status: u.status,
    depositAmount: toInt(u.deposit_amount),
    bonusCredit: toInt(u.bonus_credit),
    usedAt: toIso(u.used_at),
    endedAt: u.ended_at === null ? null : toIso(u.ended_at),
  }));
}

/** A player's latest rewards credited, newest first, with the turnover each still holds. */
async function rewardsOf(q: Queryable, playerId: string): Promise<StaffPlayer['rewards']> {
  const r = await q.query<{
    reference: string;
    kind: StaffPlayer['rewards'][number]['kind'];
    provider: StaffPlayer['rewards'][number]['provider'];
    amount: unknown;
    credited_at: unknown;
  }>(
    `SELECT reference, kind, provider, amount, credited_at FROM reward_credits
     WHERE player_id = $1 ORDER BY credited_at DESC, reference LIMIT 20`,
    [playerId],
  );
  const turnovers = await rewardTurnovers(
    q,
    r.rows.map((row) => row.reference),
  );
  return r.rows.map((row) => {
    const turnover = turnovers.get(row.reference) ?? { required: 0, done: 0 };
    return {
      kind: row.kind,
      provider: row.provider,
      amount: toInt(row.amount),
      turnoverRequired: turnover.required,
      turnoverDone: turnover.done,
      creditedAt: toIso(row.credited_at),
    };
  });
}

/** One player as staff see them. Limits and exclusions are shown, never changed here. */
export async function playerForStaff(q: Queryable, username: string, now: Date): Promise<StaffPlayer> {
  const player = await findPlayerForStaff(q, username);
  const account = await q.query<{
    bank: string;
    account_number: string;
    account_name: string;
    created_at: unknown;
  }>('SELECT bank, account_number, account_name, created_at FROM bank_accounts WHERE player_id = $1', [
    player.id,
  ]);
  const credits = await Promise.all(
    PROVIDERS.map(async (provider) => ({ provider, credit: await playerBalance(q, player.id, provider) })),
  );
  const orders = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE player_id = $1 ORDER BY created_at DESC LIMIT 20`,
    [player.id],
  );
  const sessions = await q.query<{ created_at: unknown; last_seen_at: unknown; ip: string }>(
    `SELECT created_at, last_seen_at, ip FROM sessions WHERE player_id = $1 AND expires_at > app_now()
     ORDER BY last_seen_at DESC`,
    [player.id],
  );
  const notes = await q.query<{ author: string; text: string; created_at: unknown }>(
    'SELECT author, text, created_at FROM staff_notes WHERE player_id = $1 ORDER BY created_at DESC, id DESC',
    [player.id],
  );
  const a = account.rows[0];
  return {
    promotions: await promotionsOf(q, player.id),
    rewards: await rewardsOf(q, player.id),
    player: toSummary(player),
    bankAccount: a
      ? {
          bank: a.bank,
          accountNumber: a.account_number,
          accountName: a.account_name,
          createdAt: toIso(a.created_at),
        }
      : null,
    credits,
    orders: orders.rows.map(toOrder),
    rounds: await latestRounds(q, player.id),
    limits: (await currentLimits(q, player.id, now)).map((l) => ({
      kind: l.kind,
      period: l.period,
      amount: l.amount,
      pending: l.pending !== null,
    })),
    exclusions: (await exclusionsInForce(q, player.id, now)).map((e) => ({
      kind: e.kind,
      until: e.endsAt.toISOString(),
    })),
    sessions: sessions.rows.map((s) => ({
      createdAt: toIso(s.created_at),
      lastSeenAt: toIso(s.last_seen_at),
      ip: s.ip,
    })),
    notes: notes.rows.map((n) => ({ author: n.author, text: n.text, createdAt: toIso(n.created_at) })),
    corrections: await correctionsOf(q, player.id),
    linkedPlayers: ((await linkedPlayers(q, [player.id])).get(player.id) ?? []).map(
      ({ username: linked, kinds }) => ({ username: linked, kinds }),
    ),
  };
}
