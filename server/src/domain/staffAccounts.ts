import { Secret, TOTP } from 'otpauth';
import type { StaffPermission, StaffRole } from '@core/staffRoles';
import type { Queryable } from '../db/types';
import { isUniqueViolation, toIso } from '../db/values';
import { DomainError } from '../errors';
import { appendAudit, type Actor } from './audit';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

export type { StaffPermission, StaffRole };

/** What the authenticator app shows as the account's issuer. */
const TOTP_ISSUER = 'Lao Star back office';
const TOTP_PERIOD_SECONDS = 30;

export interface StaffRow {
  id: string;
  username: string;
  display_name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string;
  disabled_at: unknown;
  created_at: unknown;
}

export interface StaffMember {
  username: string;
  displayName: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: string;
}

const STAFF_COLUMNS = 'id, username, display_name, role, password_hash, totp_secret, disabled_at, created_at';

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    disabled: row.disabled_at !== null,
    createdAt: toIso(row.created_at),
  };
}

function totpOf(username: string, secret: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    secret: Secret.fromBase32(secret),
    period: TOTP_PERIOD_SECONDS,
    digits: 6,
    algorithm: 'SHA1',
  });
}

/** The current code of a secret: for tests and the sandbox only, never answered to a caller. */
export function currentTotpCode(secret: string, at = Date.now()): string {
  return totpOf('x', secret).generate({ timestamp: at });
}

export interface NewStaff {
  username: string;
  displayName: string;
  role: StaffRole;
  password: string;
}

/**
 * Creates a staff account with a fresh TOTP secret, audited in the same transaction. The secret and its
 * otpauth:// address are answered once, for the new member's authenticator app, and never shown again.
 */
export async function createStaffIn(
  q: Queryable,
  actor: Actor,
  input: NewStaff,
): Promise<{ staff: StaffMember; totpSecret: string; otpauthUri: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const passwordHash = await hashPassword(input.password);
  let row: StaffRow;
  try {
    row = (
      await q.query<StaffRow>(
        `INSERT INTO staff (username, display_name, role, password_hash, totp_secret, created_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${STAFF_COLUMNS}`,
        [input.username, input.displayName, input.role, passwordHash, secret, actor.name],
      )
    ).rows[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('STAFF_USERNAME_TAKEN', 'This staff username is taken');
    throw err;
  }
  const staff = toStaffMember(row);
  await appendAudit(q, actor, { action: 'staff.create', target: `staff:${staff.username}`, after: staff });
  return { staff, totpSecret: secret, otpauthUri: totpOf(input.username, secret).toString() };
}

export async function listStaff(q: Queryable): Promise<StaffMember[]> {
  const r = await q.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff ORDER BY created_at, username`);
  return r.rows.map(toStaffMember);
}

export async function countOwners(q: Queryable): Promise<number> {
  const r = await q.query<{ n: unknown }>(
    "SELECT count(*) AS n FROM staff WHERE role = 'owner' AND disabled_at IS NULL",
  );
  return Number(r.rows[0]!.n);
}

/**
 * Checks a sign-in: the password, then the TOTP code of the current 30-second step (or the one before or
 * after, for clocks a little off). A code is accepted once: its step is recorded, and a code of that step
 * or an earlier one is refused afterwards, so a code seen over a shoulder cannot be replayed. Every
 * failure is the same STAFF_LOGIN_FAILED, whichever part was wrong, and takes the password check's time.
 */
export async function verifyStaffLogin(
  q: Queryable,
  input: { username: string; password: string; code: string },
): Promise<StaffRow> {
  const found = await q.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff WHERE username = $1`, [
    input.username,
  ]);
  const row = found.rows[0];
  const refused = () => new DomainError('STAFF_LOGIN_FAILED', 'Wrong username, password or code');
  if (!row) {
    await verifyAgainstDummy(input.password);
    throw refused();
  }
  if (!(await verifyPassword(row.password_hash, input.password)) || row.disabled_at !== null) throw refused();
  const delta = totpOf(row.username, row.totp_secret).validate({ token: input.code, window: 1 });
  if (delta === null) throw refused();
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  const used = await q.query(
    'UPDATE staff SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2 RETURNING id',
    [row.id, step],
  );
  if (used.rowCount === 0) throw refused();
  return row;
}

/**
 * Owners: disables a staff account (its sessions end at once; it can no longer sign in) or enables it
 * again. Nobody disables themselves, and the last enabled owner stays: the back office would have no one
 * left to manage staff.
 */
export async function setStaffDisabledIn(
  q: Queryable,
  actor: Actor,
  username: string,
  disabled: boolean,
): Promise<StaffMember> {
  const found = await q.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff WHERE username = $1 FOR UPDATE`, [
    username,
  ]);
  const row = found.rows[0];
  if (!row) throw new DomainError('NOT_FOUND', 'No such staff account');
  if (disabled && actor.name === `staff:${username}`)
    throw new DomainError('VALIDATION_ERROR', 'You cannot disable your own account', [
      { field: 'disabled', message: 'own account' },
    ]);
  if (disabled && row.role === 'owner' && row.disabled_at === null && (await countOwners(q)) <= 1)
    throw new DomainError('VALIDATION_ERROR', 'The last owner stays enabled', [
      { field: 'disabled', message: 'last owner' },
    ]);
  const before = toStaffMember(row);
  const updated = await q.query<StaffRow>(
    `UPDATE staff SET disabled_at = CASE WHEN $2 THEN COALESCE(disabled_at, now()) ELSE NULL END
     WHERE id = $1 RETURNING ${STAFF_COLUMNS}`,
    [row.id, disabled],
  );
  if (disabled) await q.query('DELETE FROM staff_sessions WHERE staff_id = $1', [row.id]);
  const after = toStaffMember(updated.rows[0]!);
  await appendAudit(q, actor, {
    action: disabled ? 'staff.disable' : 'staff.enable',
    target: `staff:${username}`,
    before: { disabled: before.disabled },
    after: { disabled: after.disabled },
  });
  return after;
}
