import { noteLinks } from './playerLinks';
import type { Queryable } from '../../db/types';
import { USERNAME_PATTERN } from '@core/username';

/** Username rules; the contract's RegisterRequest and the agency limits report the same numbers. */
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 20;

export type PlayerStatus = 'ACTIVE' | 'BLOCKED';

export interface PlayerRow {
  id: string;
  username: string;
  display_name: string;
  password_hash: string;
  status: PlayerStatus;
  promotion_blocked: boolean;
  currency: 'LAK' | 'THB' | 'USD';
  created_at: Date;
}

/** The player as the contract shows it (never the password hash). */
export interface PlayerView {
  id: string;
  username: string;
  displayName: string;
  status: PlayerStatus;
  currency: 'LAK' | 'THB' | 'USD';
  createdAt: string;
}

export function toPlayerView(row: PlayerRow): PlayerView {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    status: row.status,
    currency: row.currency,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function isValidUsername(username: string): boolean {
  return (
    username.length >= USERNAME_MIN && username.length <= USERNAME_MAX && USERNAME_PATTERN.test(username)
  );
}

export async function findPlayerByUsername(q: Queryable, username: string): Promise<PlayerRow | null> {
  const res = await q.query<PlayerRow>('SELECT * FROM players WHERE username = $1', [username]);
  return res.rows[0] ?? null;
}

export async function findPlayerById(q: Queryable, id: string): Promise<PlayerRow | null> {
  const res = await q.query<PlayerRow>('SELECT * FROM players WHERE id = $1', [id]);
  return res.rows[0] ?? null;
}

/**
 * Takes the player's row lock for the rest of the caller's transaction, so that one player's decisions that
 * read what the player did before (how many withdrawals this hour, across every provider and instance) are
 * made one at a time. NO KEY UPDATE: rows that merely reference the player (orders, transfers) can still be
 * written by other transactions meanwhile.
 */
export async function lockPlayer(q: Queryable, playerId: string): Promise<void> {
  await q.query('SELECT 1 FROM players WHERE id = $1 FOR NO KEY UPDATE', [playerId]);
}

export class UsernameTakenError extends Error {
  constructor() {
    super('username taken');
  }
}

/** Inserts a player; a concurrent registration of the same name loses on the unique index. */
export async function createPlayer(
  q: Queryable,
  input: { username: string; displayName: string; passwordHash: string; fingerprint: string | null },
): Promise<PlayerRow> {
  try {
    const res = await q.query<PlayerRow>(
      `INSERT INTO players (username, display_name, password_hash, fingerprint)
       VALUES ($1, $2, $3, $4) RETURNING *`,
      [input.username, input.displayName, input.passwordHash, input.fingerprint],
    );
    return res.rows[0]!;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new UsernameTakenError();
    throw err;
  }
}

export async function setPasswordHash(q: Queryable, playerId: string, passwordHash: string): Promise<void> {
  await q.query('UPDATE players SET password_hash = $2 WHERE id = $1', [playerId, passwordHash]);
}

/** Blocking a player also revokes their sessions (the session lookup refuses blocked players anyway). */
export async function setPlayerStatus(q: Queryable, playerId: string, status: PlayerStatus): Promise<void> {
  await q.query('UPDATE players SET status = $2 WHERE id = $1', [playerId, status]);
  if (status === 'BLOCKED') await q.query('DELETE FROM sessions WHERE player_id = $1', [playerId]);
}

export interface BankAccountView {
  id: string;
  bank: string;
  accountNumber: string;
  accountName: string;
  currency: 'LAK';
  owner: string;
  createdAt: string;
}

/** A bank_accounts row as read for the contract (the table belongs to the money side; its columns are agreed). */
export interface BankAccountRow {
  id: string;
  bank: string;
  account_number: string;
  account_name: string;
  currency: 'LAK';
  /** A Date from a plain query; the timestamp's text when it comes inside JSON (the session's statement). */
  created_at: Date | string;
}

/** The columns of a BankAccountRow, and their order: the session's statement reads the same ones. */
export const BANK_ACCOUNT_COLUMNS = 'id, bank, account_number, account_name, currency, created_at';

export function toBankAccountView(row: BankAccountRow, owner: string): BankAccountView {
  return {
    id: row.id,
    bank: row.bank,
    accountNumber: row.account_number,
    accountName: row.account_name,
    currency: row.currency,
    owner,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The player's bank accounts, oldest first. */
export async function listPlayerBankAccounts(
  q: Queryable,
  playerId: string,
  owner: string,
): Promise<BankAccountView[]> {
  const res = await q.query<BankAccountRow>(
    `SELECT ${BANK_ACCOUNT_COLUMNS} FROM bank_accounts WHERE player_id = $1 ORDER BY created_at`,
    [playerId],
  );
  return res.rows.map((r) => toBankAccountView(r, owner));
}

/** Records a device fingerprint, linked to the player when the request is signed in. */
export async function saveFingerprint(
  q: Queryable,
  input: { visitorId: string; playerId: string | null; data: unknown; ip: string },
): Promise<void> {
  await q.query('INSERT INTO fingerprints (visitor_id, player_id, data, ip) VALUES ($1, $2, $3, $4)', [
    input.visitorId,
    input.playerId,
    JSON.stringify(input.data),
    input.ip,
  ]);
  if (input.playerId) await noteLinks(q, input.playerId, [{ kind: 'FINGERPRINT', value: input.visitorId }]);
}
