import type { LedgerTransferKind } from '@core/ledgerKinds';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';

/**
 * Double-entry ledger. Every movement is a transfer from a debit account to a credit account in one
 * currency, recorded as two immutable postings (-amount, +amount). Conversions between LAK and THB are two
 * transfers through the exchange accounts at a recorded rate, never one transfer across currencies.
 *
 * Two kinds of account:
 * - Player (non-system) accounts are locked by every transfer that touches them; their balance is cached on
 *   ledger_accounts (a CHECK forbids a negative one, and postTransfers refuses it first with
 *   InsufficientFunds), and each of their postings carries the running balance, chained posting to posting.
 * - System accounts (bank clearing, exchange, provider float, withdraw hold, payout clearing, promotion
 *   liability) mirror money outside the site and may go negative, so they need no overdraft check and are
 *   neither locked nor updated by a transfer: nearly every money operation touches one of them, and a lock
 *   there made all of them wait for each other on one row. Their balance is the sum of their postings
 *   (balanceOf); their postings carry no running balance (NULL) and their cached balance stays 0
 *   (migration 003).
 *
 * Locking: player accounts are locked with ORDER BY id FOR UPDATE, all at once. An operation that posts
 * more than once in a transaction must lock its whole account set first (lockAccounts), so every
 * transaction takes its account locks in the same global order and two transactions cannot deadlock on
 * them. Across tables the order is: order row, promotion usage row, ledger accounts (by id), then the
 * provider wallet.
 */

export type Currency = 'LAK' | 'THB';
export type SystemKind =
  | 'bank_clearing'
  | 'exchange'
  | 'payout_clearing'
  /** Payments received that are owed back to the player's bank (docs/protection.md, returned payments). */
  | 'deposit_returns'
  | 'withdraw_hold'
  | 'promotion_liability'
  /** Rewards paid from the player's play: loss cashback (docs/rewards.md). */
  | 'reward_liability'
  /** Credit corrections applied through four eyes: what staff gave or took back (docs/backoffice.md). */
  | 'corrections'
  | 'provider_float';

export interface TransferInput {
  /** Unique: the same reference is applied once, a repeat is skipped. */
  reference: string;
  kind: LedgerTransferKind;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  orderCode?: string;
  rate?: string;
  /** A game transfer's round time, when it differs from now (a seamless win retried later). */
  playedAt?: Date;
}

export interface LockedAccount {
  id: number;
  key: string;
  currency: string;
  isSystem: boolean;
  /** Player accounts: the balance, current while the lock is held. System accounts: 0, not tracked. */
  balance: number;
}

export class InsufficientFunds extends Error {
  constructor(
    readonly accountId: number,
    readonly available: number,
    readonly wanted: number,
  ) {
    super(`account ${accountId}: ${available} available, ${wanted} wanted`);
    this.name = 'InsufficientFunds';
  }
}

export async function systemAccountId(
  q: Queryable,
  kind: SystemKind,
  currency: Currency,
  provider?: string,
): Promise<number> {
  const key = `system:${kind}:${currency}${provider ? `:${provider}` : ''}`;
  const r = await q.query<{ id: unknown }>('SELECT id FROM ledger_accounts WHERE key = $1', [key]);
  if (!r.rows[0]) throw new Error(`system account ${key} missing: run seedMoney`);
  return toInt(r.rows[0].id);
}

/** The player's credit at one provider, THB satang; created on first use. */
export async function playerAccountId(q: Queryable, playerId: string, provider: string): Promise<number> {
  const key = `player:${playerId}:${provider}`;
  const found = await q.query<{ id: unknown }>('SELECT id FROM ledger_accounts WHERE key = $1', [key]);
  if (found.rows[0]) return toInt(found.rows[0].id);
  await q.query(
    `INSERT INTO ledger_accounts (key, kind, currency, player_id, provider, is_system)
     VALUES ($1, 'player', 'THB', $2, $3, false) ON CONFLICT (key) DO NOTHING`,
    [key, playerId, provider],
  );
  const r = await q.query<{ id: unknown }>('SELECT id FROM ledger_accounts WHERE key = $1', [key]);
  return toInt(r.rows[0]!.id);
}

/**
 * Locks the player (non-system) accounts among ids in id order, and returns every account of ids: system
 * accounts without a lock. Locking an account twice in a transaction is free.
 */
export async function lockAccounts(q: Queryable, ids: number[]): Promise<Map<number, LockedAccount>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  // A row FOR UPDATE waited for is returned as committed by the other transaction, so player balances come
  // from the locking query itself, never from a read under the statement's older snapshot.
  const r = await q.query<{
    id: unknown;
    key: string;
    currency: string;
    is_system: boolean;
    balance: unknown;
  }>(
    `WITH locked AS (
       SELECT id, key, currency, is_system, balance FROM ledger_accounts
       WHERE id = ANY($1::bigint[]) AND NOT is_system ORDER BY id FOR UPDATE
     )
     SELECT id, key, currency, is_system, balance FROM locked
     UNION ALL
     SELECT id, key, currency, is_system, balance FROM ledger_accounts WHERE id = ANY($1::bigint[]) AND is_system`,
    [unique],
  );
  const map = new Map<number, LockedAccount>();
  for (const row of r.rows) {
    const id = toInt(row.id);
    map.set(id, {
      id,
      key: row.key,
      currency: row.currency,
      isSystem: row.is_system,
      balance: toInt(row.balance),
    });
  }
  for (const id of unique) if (!map.has(id)) throw new Error(`ledger account ${id} not found`);
  return map;
}

/**
 * Applies transfers in order, all or nothing (within the caller's transaction). Returns for each whether
 * it was applied now (false: its reference was applied before, so it is skipped).
 */
export async function postTransfers(q: Queryable, transfers: TransferInput[]): Promise<boolean[]> {
  // One transfer locks its own accounts in id order; several lock their whole set first (see Locking).
  if (transfers.length > 1)
    await lockAccounts(
      q,
      transfers.flatMap((t) => [t.debitAccountId, t.creditAccountId]),
    );
  const applied: boolean[] = [];
  for (const t of transfers) {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0)
      throw new Error(`transfer ${t.reference}: amount must be a positive integer`);
    const r = await q.query<{
      transfer: unknown;
      debit_system: boolean;
      debit_balance: unknown;
      debit_currency: string;
      credit_currency: string;
    }>(
      // The function (migration 003) locks the player accounts, checks and inserts in one round trip.
      'SELECT * FROM ledger_post_transfer($1::text, $2::text, $3::bigint, $4::bigint, $5::bigint, $6::text, $7::text, $8::timestamptz)',
      [
        t.reference,
        t.kind,
        t.debitAccountId,
        t.creditAccountId,
        t.amount,
        t.rate ?? null,
        t.orderCode ?? null,
        t.playedAt?.toISOString() ?? null,
      ],
    );
    const row = r.rows[0]!;
    if (row.transfer !== null) {
      applied.push(true);
      continue;
    }
    if (row.debit_currency !== row.credit_currency)
      throw new Error(`transfer ${t.reference} crosses currencies`);
    const available = toInt(row.debit_balance);
    if (!row.debit_system && available < t.amount) {
      // A repeat of an applied transfer is skipped whatever the balance is now; only a new one is refused.
      // Holding the debit account's lock, this read sees any committed transfer that posted to it.
      const seen = await q.query('SELECT 1 FROM ledger_transfers WHERE reference = $1', [t.reference]);
      if (seen.rows.length === 0) throw new InsufficientFunds(t.debitAccountId, available, t.amount);
    }
    applied.push(false);
  }
  return applied;
}

/**
 * An account's balance: the cached one of a player account, the sum of the postings of a system account
 * (one index range; for operators and tests, not for the money path).
 */
export async function balanceOf(q: Queryable, accountId: number): Promise<number> {
  const r = await q.query<{ balance: unknown }>(
    `SELECT CASE WHEN a.is_system
              THEN (SELECT COALESCE(SUM(p.amount), 0) FROM ledger_postings p WHERE p.account_id = a.id)
              ELSE a.balance END AS balance
     FROM ledger_accounts a WHERE a.id = $1`,
    [accountId],
  );
  return r.rows[0] ? toInt(r.rows[0].balance) : 0;
}

/** The player's ledger credit at a provider without creating the account. */
export async function playerBalance(q: Queryable, playerId: string, provider: string): Promise<number> {
  const r = await q.query<{ balance: unknown }>('SELECT balance FROM ledger_accounts WHERE key = $1', [
    `player:${playerId}:${provider}`,
  ]);
  return r.rows[0] ? toInt(r.rows[0].balance) : 0;
}

/**
 * The wallet invariants that can be read from the ledger tables. Returns one line per problem; empty
 * means the ledger is sound.
 */
export async function checkInvariants(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const conservation = await q.query<{ currency: string; total: unknown }>(
    `SELECT a.currency, SUM(p.amount) AS total FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
     GROUP BY a.currency HAVING SUM(p.amount) <> 0`,
  );
  for (const r of conservation.rows)
    problems.push(`conservation: postings in ${r.currency} sum to ${String(r.total)}`);

  // System accounts cache nothing (a CHECK keeps their column at 0): their balance is their postings' sum.
  const cached = await q.query<{ key: string; balance: unknown; total: unknown }>(
    `SELECT a.key, a.balance, COALESCE(s.total, 0) AS total FROM ledger_accounts a
     LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_postings GROUP BY account_id) s ON s.account_id = a.id
     WHERE NOT a.is_system AND a.balance <> COALESCE(s.total, 0)`,
  );
  for (const r of cached.rows)
    problems.push(`balance: ${r.key} caches ${String(r.balance)} but its postings sum to ${String(r.total)}`);

  // Only player accounts keep a running balance; a system account's postings are not chained.
  const chain = await q.query<{ key: string; id: unknown }>(
    `SELECT c.key, c.id FROM (
       SELECT p.id, a.key, p.balance_before,
              LAG(p.balance_after) OVER (PARTITION BY p.account_id ORDER BY p.id) AS previous
       FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE NOT a.is_system) c
     WHERE c.balance_before IS NULL OR c.balance_before <> COALESCE(c.previous, 0)`,
  );
  for (const r of chain.rows)
    problems.push(`chain: posting ${String(r.id)} of ${r.key} does not follow the previous balance`);

  const negative = await q.query<{ key: string; balance: unknown }>(
    `SELECT key, balance FROM ledger_accounts WHERE NOT is_system AND balance < 0
     UNION ALL
     SELECT a.key, p.balance_after FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE NOT a.is_system AND p.balance_after < 0`,
  );
  for (const r of negative.rows) problems.push(`negative: ${r.key} at ${String(r.balance)}`);

  const pairs = await q.query<{ reference: string }>(
    `SELECT t.reference FROM ledger_transfers t
     LEFT JOIN ledger_postings p ON p.transfer_id = t.id
     LEFT JOIN ledger_accounts a ON a.id = p.account_id
     GROUP BY t.id, t.reference, t.amount, t.currency
     HAVING COUNT(p.id) <> 2 OR COALESCE(SUM(p.amount), 0) <> 0
        OR MAX(p.amount) <> t.amount OR BOOL_OR(a.currency <> t.currency)`,
  );
  for (const r of pairs.rows) problems.push(`transfer: ${r.reference} is not one balanced pair of postings`);
  return problems;
}
