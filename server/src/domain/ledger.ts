import type { Queryable } from '../db/types';
import { toInt } from './ledgerDb';

/**
 * Double-entry ledger. Every movement is a transfer from a debit account to a credit account in one
 * currency, recorded as two immutable postings (-amount, +amount) carrying the running balance. Balances
 * are cached on ledger_accounts; a CHECK forbids a negative player balance, and postTransfers refuses it
 * first with InsufficientFunds. Conversions between LAK and THB are two transfers through the exchange
 * accounts at a recorded rate, never one transfer across currencies.
 *
 * Locking: accounts are locked with ORDER BY id FOR UPDATE, all at once. An operation that posts more than
 * once in a transaction must lock its whole account set first (lockAccounts), so every transaction takes
 * its account locks in the same global order and two transactions cannot deadlock on them. Across tables
 * the order is: order row, promotion usage row, ledger accounts (by id), then the provider wallet.
 */

export type Currency = 'LAK' | 'THB';
export type SystemKind =
  | 'bank_clearing'
  | 'exchange'
  | 'payout_clearing'
  | 'withdraw_hold'
  | 'promotion_liability'
  | 'provider_float';

export interface TransferInput {
  /** Unique: the same reference is applied once, a repeat is skipped. */
  reference: string;
  kind: string;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  orderCode?: string;
  rate?: string;
}

export interface LockedAccount {
  id: number;
  key: string;
  currency: string;
  isSystem: boolean;
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

/** Locks the accounts in id order and returns them. Locking an account twice in a transaction is free. */
export async function lockAccounts(q: Queryable, ids: number[]): Promise<Map<number, LockedAccount>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const r = await q.query<{
    id: unknown;
    key: string;
    currency: string;
    is_system: boolean;
    balance: unknown;
  }>(
    'SELECT id, key, currency, is_system, balance FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
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
  const accounts = await lockAccounts(
    q,
    transfers.flatMap((t) => [t.debitAccountId, t.creditAccountId]),
  );
  const applied: boolean[] = [];
  for (const t of transfers) {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0)
      throw new Error(`transfer ${t.reference}: amount must be a positive integer`);
    const debit = accounts.get(t.debitAccountId)!;
    const credit = accounts.get(t.creditAccountId)!;
    if (debit.currency !== credit.currency) throw new Error(`transfer ${t.reference} crosses currencies`);
    const inserted = await q.query<{ id: unknown }>(
      `INSERT INTO ledger_transfers (reference, kind, debit_account_id, credit_account_id, amount, currency, rate, order_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (reference) DO NOTHING RETURNING id`,
      [
        t.reference,
        t.kind,
        debit.id,
        credit.id,
        t.amount,
        debit.currency,
        t.rate ?? null,
        t.orderCode ?? null,
      ],
    );
    if (!inserted.rows[0]) {
      applied.push(false);
      continue;
    }
    if (!debit.isSystem && debit.balance < t.amount)
      throw new InsufficientFunds(debit.id, debit.balance, t.amount);
    const transferId = toInt(inserted.rows[0].id);
    await post(q, transferId, debit, -t.amount);
    await post(q, transferId, credit, t.amount);
    applied.push(true);
  }
  return applied;
}

async function post(q: Queryable, transferId: number, account: LockedAccount, amount: number): Promise<void> {
  const before = account.balance;
  const after = before + amount;
  await q.query(
    'INSERT INTO ledger_postings (transfer_id, account_id, amount, balance_before, balance_after) VALUES ($1, $2, $3, $4, $5)',
    [transferId, account.id, amount, before, after],
  );
  await q.query('UPDATE ledger_accounts SET balance = $2 WHERE id = $1', [account.id, after]);
  account.balance = after;
}

export async function balanceOf(q: Queryable, accountId: number): Promise<number> {
  const r = await q.query<{ balance: unknown }>('SELECT balance FROM ledger_accounts WHERE id = $1', [
    accountId,
  ]);
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

  const cached = await q.query<{ key: string; balance: unknown; total: unknown }>(
    `SELECT a.key, a.balance, COALESCE(s.total, 0) AS total FROM ledger_accounts a
     LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_postings GROUP BY account_id) s ON s.account_id = a.id
     WHERE a.balance <> COALESCE(s.total, 0)`,
  );
  for (const r of cached.rows)
    problems.push(`balance: ${r.key} caches ${String(r.balance)} but its postings sum to ${String(r.total)}`);

  const chain = await q.query<{ key: string; id: unknown }>(
    `SELECT a.key, c.id FROM (
       SELECT id, account_id, balance_before,
              LAG(balance_after) OVER (PARTITION BY account_id ORDER BY id) AS previous
       FROM ledger_postings) c
     JOIN ledger_accounts a ON a.id = c.account_id
     WHERE c.balance_before <> COALESCE(c.previous, 0)`,
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
