import { bankAccountSignals, noteLinks } from './playerLinks';
import type { components } from '@core/contract';
import type { Queryable } from '../../db/types';
import { DomainError } from '../../errors';
import { toIso } from '../../db/values';

type Bank = components['schemas']['Bank'];
type BankAccount = components['schemas']['BankAccount'];
type AddBankAccount = components['schemas']['AddBankAccountRequest'];

interface BankRow {
  code: Bank['code'];
  name: string;
  account_number_lengths: number[];
  acquirer_iin: string;
  wallet_prefixes: string[];
}

async function bankRows(q: Queryable): Promise<BankRow[]> {
  const r = await q.query<BankRow>(
    'SELECT code, name, account_number_lengths, acquirer_iin, wallet_prefixes FROM banks ORDER BY sort, code',
  );
  return r.rows;
}

export async function listBanks(q: Queryable): Promise<Bank[]> {
  return (await bankRows(q)).map((b) => ({
    code: b.code,
    name: b.name,
    accountNumberLength: b.account_number_lengths,
    acquirerIin: b.acquirer_iin,
  }));
}

export async function findBank(q: Queryable, code: string): Promise<BankRow | undefined> {
  return (await bankRows(q)).find((b) => b.code === code);
}

const ACCOUNT_COLUMNS = `b.id, b.bank, b.account_number, b.account_name, b.currency, p.username AS owner, b.created_at, b.player_id`;

interface AccountRow {
  id: string;
  bank: BankAccount['bank'];
  account_number: string;
  account_name: string;
  currency: 'LAK';
  owner: string;
  created_at: unknown;
  player_id: string;
}

function toBankAccount(r: AccountRow): BankAccount {
  return {
    id: r.id,
    bank: r.bank,
    accountNumber: r.account_number,
    accountName: r.account_name,
    currency: r.currency,
    owner: r.owner,
    createdAt: toIso(r.created_at),
  };
}

export async function listBankAccounts(q: Queryable, playerId: string): Promise<BankAccount[]> {
  const r = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM bank_accounts b JOIN players p ON p.id = b.player_id WHERE b.player_id = $1 ORDER BY b.created_at`,
    [playerId],
  );
  return r.rows.map(toBankAccount);
}

export async function findBankAccount(
  q: Queryable,
  id: string,
): Promise<(BankAccount & { playerId: string }) | undefined> {
  const r = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM bank_accounts b JOIN players p ON p.id = b.player_id WHERE b.id = $1`,
    [id],
  );
  return r.rows[0] ? { ...toBankAccount(r.rows[0]), playerId: r.rows[0].player_id } : undefined;
}

export async function hasBankAccount(q: Queryable, playerId: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM bank_accounts WHERE player_id = $1', [playerId])).rows.length > 0;
}

/**
 * Account number rules: digits only; a number starting with a Lao mobile prefix (the bank's
 * wallet_prefixes, 020/030) is a mobile-wallet account and refused; otherwise its length must be one
 * the bank issues.
 */
export function checkAccountNumber(bank: BankRow, accountNumber: string): void {
  if (!/^[0-9]+$/.test(accountNumber))
    throw new DomainError('BANK_ACCOUNT_NUMBER_INVALID', 'The account number must be digits only');
  if (bank.wallet_prefixes.some((p) => accountNumber.startsWith(p))) {
    throw new DomainError('WALLET_ACCOUNT_NOT_ALLOWED', 'Wallet accounts are not allowed');
  }
  if (!bank.account_number_lengths.includes(accountNumber.length)) {
    throw new DomainError(
      'BANK_ACCOUNT_NUMBER_INVALID',
      `A ${bank.name} account number has ${bank.account_number_lengths.join(' or ')} digits`,
      [{ field: 'accountNumber', message: 'invalid length' }],
    );
  }
}

/**
 * Adds the player's one bank account. The friendly checks come first; the unique indexes on (bank,
 * account_number) and (player_id) decide when two requests race.
 */
export async function addBankAccount(
  q: Queryable,
  playerId: string,
  input: AddBankAccount,
): Promise<BankAccount> {
  const bank = await findBank(q, input.bank);
  if (!bank)
    throw new DomainError('VALIDATION_ERROR', 'Unknown bank', [{ field: 'bank', message: 'unknown bank' }]);
  const accountNumber = input.accountNumber.trim();
  const accountName = input.accountName.trim();
  if (!accountName)
    throw new DomainError('VALIDATION_ERROR', 'The account name is required', [
      { field: 'accountName', message: 'required' },
    ]);
  if (input.currency !== 'LAK')
    throw new DomainError('CURRENCY_NOT_ALLOWED', 'Only LAK accounts are accepted');
  checkAccountNumber(bank, accountNumber);

  const holder = await q.query<{ player_id: string }>(
    'SELECT player_id FROM bank_accounts WHERE bank = $1 AND account_number = $2',
    [bank.code, accountNumber],
  );
  if (holder.rows[0]) throw conflictFor(holder.rows[0].player_id === playerId ? 'mine' : 'other');
  if (await hasBankAccount(q, playerId)) throw conflictFor('limit');
  // ON CONFLICT DO NOTHING instead of catching the unique violation: on PostgreSQL a failed statement
  // aborts the transaction, and we still need to look at who won the race.
  const r = await q.query<{ id: string }>(
    `INSERT INTO bank_accounts (player_id, bank, account_number, account_name, currency) VALUES ($1, $2, $3, $4, 'LAK')
     ON CONFLICT DO NOTHING RETURNING id`,
    [playerId, bank.code, accountNumber, accountName],
  );
  if (!r.rows[0]) {
    const again = await q.query<{ player_id: string }>(
      'SELECT player_id FROM bank_accounts WHERE bank = $1 AND account_number = $2',
      [bank.code, accountNumber],
    );
    if (again.rows[0]) throw conflictFor(again.rows[0].player_id === playerId ? 'mine' : 'other');
    throw conflictFor('limit');
  }
  await noteLinks(q, playerId, bankAccountSignals(accountNumber, accountName));
  const { playerId: _owner, ...account } = (await findBankAccount(q, r.rows[0].id))!;
  return account;
}

function conflictFor(kind: 'mine' | 'other' | 'limit'): DomainError {
  if (kind === 'mine') return new DomainError('BANK_ACCOUNT_EXISTS', 'This account was already added');
  if (kind === 'other')
    return new DomainError('ACCOUNT_IN_USED', 'The account is already used in the system; contact staff');
  return new DomainError('BANK_ACCOUNT_LIMIT', 'A player may have only one bank account');
}
