import { Secret, TOTP } from 'otpauth';
import type { StaffPermission, StaffRole } from '@core/staffRoles';
import type { Queryable } from '../../db/types';
import { isUniqueViolation, toIso } from '../../db/values';
import { DomainError } from '../../errors';
import { appendAudit, type Actor } from '../ledger/audit';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../players/passwords';
import { hashToken, newSessionToken } from '../players/sessions';
import { STAFF_ABSOLUTE_HOURS, STAFF_IDLE_MINUTES } from './staffSessions';

export type { StaffPermission, StaffRole };

/** What the authenticator app shows as the account's issuer. */
const TOTP_ISSUER = 'Lao Star back office';
const TOTP_PERIOD_SECONDS = 30;

export interface StaffRow {
  id: string;
  username: string;
  display_name: string;
  role: StaffRole;
  /** Null until the member has enrolled (their own link), and again after a reset. */
  password_hash: string | null;
  totp_secret: string | null;
  enrolled_at: unknown;
  disabled_at: unknown;
  created_at: unknown;
  last_sign_in_at: unknown;
  last_sign_in_address: string | null;
}

export interface StaffSignIn {
  at: string;
  address: string;
}

export interface StaffLiveSession extends StaffSignIn {
  lastSeenAt: string;
}

export interface StaffMember {
  username: string;
  displayName: string;
  role: StaffRole;
  disabled: boolean;
  /** False until the member has set their password and authenticator through their enrolment link. */
  enrolled: boolean;
  createdAt: string;
  /** When and from where the member last signed in; null if never. */
  lastSignIn: StaffSignIn | null;
  /** Live sessions, newest first (empty for a member who is not signed in). */
  sessions: StaffLiveSession[];
}

const STAFF_COLUMNS =
  'id, username, display_name, role, password_hash, totp_secret, enrolled_at, disabled_at, created_at, ' +
  'last_sign_in_at, last_sign_in_address';

export function toStaffMember(row: StaffRow, sessions: StaffLiveSession[] = []): StaffMember {
  return {
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    disabled: row.disabled_at !== null,
    enrolled: row.enrolled_at !== null,
    createdAt: toIso(row.created_at),
    lastSignIn:
      row.last_sign_in_at === null
        ? null
        : { at: toIso(row.last_sign_in_at), address: row.last_sign_in_address ?? '' },
    sessions,
  };
}

/** The live sessions of members, by member id, as findStaffSession decides liveness. */
async function liveSessions(q: Queryable, staffIds: string[]): Promise<Map<string, StaffLiveSession[]>> {
  const r = await q.query<{ staff_id: string; created_at: unknown; ip: string; last_seen_at: unknown }>(
    `SELECT ss.staff_id, ss.created_at, ss.ip, ss.last_seen_at FROM staff_sessions ss
     WHERE ss.staff_id = ANY($1::uuid[]) AND ss.ended_at IS NULL
       AND ss.last_seen_at > app_now() - make_interval(mins => $2)
       AND ss.created_at > app_now() - make_interval(hours => $3)
     ORDER BY ss.created_at DESC`,
    [staffIds, STAFF_IDLE_MINUTES, STAFF_ABSOLUTE_HOURS],
  );
  const byStaff = new Map<string, StaffLiveSession[]>();
  for (const row of r.rows) {
    const list = byStaff.get(row.staff_id) ?? [];
    list.push({ at: toIso(row.created_at), address: row.ip, lastSeenAt: toIso(row.last_seen_at) });
    byStaff.set(row.staff_id, list);
  }
  return byStaff;
}

/** A member as the staff screen shows them: the account with its live sessions. */
async function memberWithSessions(q: Queryable, row: StaffRow): Promise<StaffMember> {
  return toStaffMember(row, (await liveSessions(q, [row.id])).get(row.id) ?? []);
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

/** How long an enrolment link stays good (docs/backoffice.md). */
export const STAFF_ENROLMENT_HOURS = 24;

/** Where the member opens their link: a page of the back office app. */
export function enrolmentPath(token: string): string {
  return `/backoffice/enrol/${token}`;
}

export interface EnrolmentLink {
  /** The page's path with the one-time token, e.g. /backoffice/enrol/4Jx…; never stored, never shown again. */
  path: string;
  expiresAt: string;
}

/**
 * A fresh one-time link for a member: a random token of which only the hash is kept, good for
 * STAFF_ENROLMENT_HOURS and once. Any older link of the member stops working.
 */
async function issueEnrolmentIn(q: Queryable, actor: Actor, staffId: string): Promise<EnrolmentLink> {
  await q.query(
    'UPDATE staff_enrolments SET expires_at = app_now() WHERE staff_id = $1 AND used_at IS NULL AND expires_at > app_now()',
    [staffId],
  );
  const token = newSessionToken();
  const r = await q.query<{ expires_at: unknown }>(
    `INSERT INTO staff_enrolments (token_hash, staff_id, expires_at, created_by)
     VALUES ($1, $2, app_now() + make_interval(hours => $3), $4) RETURNING expires_at`,
    [hashToken(token), staffId, STAFF_ENROLMENT_HOURS, actor.name],
  );
  return { path: enrolmentPath(token), expiresAt: toIso(r.rows[0]!.expires_at) };
}

export interface NewStaff {
  username: string;
  displayName: string;
  role: StaffRole;
}

/**
 * Creates a staff account without password or authenticator, audited in the same transaction, and answers
 * its one-time enrolment link: whoever adds a member hands the link over and never learns either secret,
 * so an owner cannot make themselves a second approver (docs/backoffice.md, "Four eyes").
 */
export async function createStaffIn(
  q: Queryable,
  actor: Actor,
  input: NewStaff,
): Promise<{ staff: StaffMember; enrolment: EnrolmentLink }> {
  let row: StaffRow;
  try {
    row = (
      await q.query<StaffRow>(
        `INSERT INTO staff (username, display_name, role, created_by)
         VALUES ($1, $2, $3, $4) RETURNING ${STAFF_COLUMNS}`,
        [input.username, input.displayName, input.role, actor.name],
      )
    ).rows[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('STAFF_USERNAME_TAKEN', 'This staff username is taken');
    throw err;
  }
  const staff = toStaffMember(row);
  const enrolment = await issueEnrolmentIn(q, actor, row.id);
  await appendAudit(q, actor, {
    action: 'staff.create',
    target: `staff:${staff.username}`,
    after: { ...staff, enrolmentExpiresAt: enrolment.expiresAt },
  });
  return { staff, enrolment };
}

/**
 * Owners: a member who lost their authenticator or password is reset. Both are erased at once, every
 * session of theirs ends, and a fresh enrolment link is answered, which the member opens to choose a new
 * password and scan a new secret; nobody else learns either. Nobody resets themselves from the screen
 * (they would lock themselves out with the link in hand); `npm run ops -- staff reset` may.
 */
export async function resetStaffIn(
  q: Queryable,
  actor: Actor,
  username: string,
): Promise<{ staff: StaffMember; enrolment: EnrolmentLink }> {
  const row = (
    await q.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff WHERE username = $1 FOR UPDATE`, [username])
  ).rows[0];
  if (!row) throw new DomainError('NOT_FOUND', 'No such staff account');
  if (actor.name === `staff:${username}`)
    throw new DomainError('VALIDATION_ERROR', 'You cannot reset your own account', [
      { field: 'staffUsername', message: 'own account' },
    ]);
  const updated = await q.query<StaffRow>(
    `UPDATE staff SET password_hash = NULL, totp_secret = NULL, enrolled_at = NULL
     WHERE id = $1 RETURNING ${STAFF_COLUMNS}`,
    [row.id],
  );
  await q.query('DELETE FROM staff_sessions WHERE staff_id = $1', [row.id]);
  const enrolment = await issueEnrolmentIn(q, actor, row.id);
  const staff = toStaffMember(updated.rows[0]!);
  await appendAudit(q, actor, {
    action: 'staff.reset',
    target: `staff:${username}`,
    before: { enrolled: row.enrolled_at !== null },
    after: { enrolled: false, enrolmentExpiresAt: enrolment.expiresAt },
  });
  return { staff, enrolment };
}

interface EnrolmentRow {
  token_hash: string;
  staff_id: string;
  expires_at: unknown;
  shown_totp_secret: string | null;
}

/** The live enrolment of a token with its member's row, or STAFF_ENROLMENT_INVALID (unknown, used, expired). */
async function liveEnrolment(
  q: Queryable,
  token: string,
  forUpdate: boolean,
): Promise<{ enrolment: EnrolmentRow; staff: StaffRow }> {
  const r = await q.query<EnrolmentRow & { s_id: string }>(
    `SELECT e.token_hash, e.staff_id, e.expires_at, e.shown_totp_secret
     FROM staff_enrolments e JOIN staff s ON s.id = e.staff_id
     WHERE e.token_hash = $1 AND e.used_at IS NULL AND e.expires_at > app_now() AND s.disabled_at IS NULL
     ${forUpdate ? 'FOR UPDATE OF e' : ''}`,
    [hashToken(token)],
  );
  const enrolment = r.rows[0];
  if (!enrolment)
    throw new DomainError('STAFF_ENROLMENT_INVALID', 'This enrolment link is unknown, used or expired');
  const staff = (
    await q.query<StaffRow>(
      `SELECT ${STAFF_COLUMNS} FROM staff WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [enrolment.staff_id],
    )
  ).rows[0]!;
  return { enrolment, staff };
}

export interface EnrolmentView {
  username: string;
  displayName: string;
  role: StaffRole;
  totpSecret: string;
  otpauthUri: string;
  expiresAt: string;
}

/**
 * The enrolment page opens: who the link is for and a fresh authenticator secret, kept until it is confirmed.
 * Each opening replaces the secret, so one seen by whoever opened the link before the member is worthless
 * once the member opens it; only the last one shown can be confirmed.
 */
export async function showEnrolmentIn(q: Queryable, token: string): Promise<EnrolmentView> {
  const { enrolment, staff } = await liveEnrolment(q, token, true);
  const secret = new Secret({ size: 20 }).base32;
  await q.query('UPDATE staff_enrolments SET shown_totp_secret = $2 WHERE token_hash = $1', [
    enrolment.token_hash,
    secret,
  ]);
  return {
    username: staff.username,
    displayName: staff.display_name,
    role: staff.role,
    totpSecret: secret,
    otpauthUri: totpOf(staff.username, secret).toString(),
    expiresAt: toIso(enrolment.expires_at),
  };
}

/**
 * The member sets their password and confirms the secret shown last with its current code: the account is
 * enrolled, the link used. The code is spent like a sign-in's (its step recorded). A wrong code is
 * STAFF_CODE_WRONG and leaves the link as it was.
 */
export async function completeEnrolmentIn(
  q: Queryable,
  token: string,
  input: { password: string; code: string },
  address: string,
): Promise<StaffMember> {
  const { enrolment, staff } = await liveEnrolment(q, token, true);
  const secret = enrolment.shown_totp_secret;
  const delta =
    secret === null ? null : totpOf(staff.username, secret).validate({ token: input.code, window: 1 });
  if (secret === null || delta === null)
    throw new DomainError('STAFF_CODE_WRONG', 'The authenticator code does not match the secret shown');
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  const updated = await q.query<StaffRow>(
    `UPDATE staff SET password_hash = $2, totp_secret = $3, totp_last_step = $4, enrolled_at = app_now()
     WHERE id = $1 RETURNING ${STAFF_COLUMNS}`,
    [staff.id, await hashPassword(input.password), secret, step],
  );
  await q.query(
    'UPDATE staff_enrolments SET used_at = app_now(), shown_totp_secret = NULL WHERE token_hash = $1',
    [enrolment.token_hash],
  );
  const member = toStaffMember(updated.rows[0]!);
  await appendAudit(
    q,
    { name: `staff:${staff.username}`, address },
    { action: 'staff.enrol', target: `staff:${staff.username}`, after: { enrolled: true } },
  );
  return member;
}

export async function listStaff(q: Queryable): Promise<StaffMember[]> {
  const r = await q.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff ORDER BY created_at, username`);
  const sessions = await liveSessions(
    q,
    r.rows.map((row) => row.id),
  );
  return r.rows.map((row) => toStaffMember(row, sessions.get(row.id) ?? []));
}

/**
 * Owners: gives a member another role. Their permissions change at their next request (a session reads
 * the role each time). Nobody changes their own role (an owner could not take it back), and the last
 * enabled owner stays an owner (nobody could manage staff any more).
 */
export async function setStaffRoleIn(
  q: Queryable,
  actor: Actor,
  username: string,
  role: StaffRole,
): Promise<StaffMember> {
  const row = (
    await q.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff WHERE username = $1 FOR UPDATE`, [username])
  ).rows[0];
  if (!row) throw new DomainError('NOT_FOUND', 'No such staff account');
  if (actor.name === `staff:${username}`)
    throw new DomainError('VALIDATION_ERROR', 'You cannot change your own role', [
      { field: 'role', message: 'own account' },
    ]);
  if (row.role === role) return memberWithSessions(q, row);
  if (row.role === 'owner' && row.disabled_at === null && (await countOwners(q)) <= 1)
    throw new DomainError('VALIDATION_ERROR', 'The last owner stays an owner', [
      { field: 'role', message: 'last owner' },
    ]);
  const updated = await q.query<StaffRow>(
    `UPDATE staff SET role = $2 WHERE id = $1 RETURNING ${STAFF_COLUMNS}`,
    [row.id, role],
  );
  await appendAudit(q, actor, {
    action: 'staff.role',
    target: `staff:${username}`,
    before: { role: row.role },
    after: { role },
  });
  return memberWithSessions(q, updated.rows[0]!);
}

export async function countOwners(q: Queryable): Promise<number> {
  const r = await q.query<{ n: unknown }>(
    "SELECT count(*) AS n FROM staff WHERE role = 'owner' AND disabled_at IS NULL",
  );
  return Number(r.rows[0]!.n);
}

/**
 * Spends a code of the member's authenticator: the current 30-second step's (or the one before or after,
 * for clocks a little off). A code is accepted once: its step is recorded, and a code of that step or an
 * earlier one is refused afterwards, so a code seen over a shoulder cannot be replayed.
 */
async function spendCode(q: Queryable, row: StaffRow, code: string): Promise<boolean> {
  if (row.totp_secret === null) return false;
  const delta = totpOf(row.username, row.totp_secret).validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  const used = await q.query(
    'UPDATE staff SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2 RETURNING id',
    [row.id, step],
  );
  return used.rowCount > 0;
}

const loginRefused = () => new DomainError('STAFF_LOGIN_FAILED', 'Wrong username, password or code');

/**
 * Checks a sign-in: the password, then a code of the member's authenticator (spendCode). Every failure is
 * the same STAFF_LOGIN_FAILED, whichever part was wrong (an account not yet enrolled included), and takes
 * the password check's time.
 */
export async function verifyStaffLogin(
  q: Queryable,
  input: { username: string; password: string; code: string },
): Promise<StaffRow> {
  const found = await q.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff WHERE username = $1`, [
    input.username,
  ]);
  const row = found.rows[0];
  if (!row || row.password_hash === null) {
    await verifyAgainstDummy(input.password);
    throw loginRefused();
  }
  if (!(await verifyPassword(row.password_hash, input.password)) || row.disabled_at !== null)
    throw loginRefused();
  if (!(await spendCode(q, row, input.code))) throw loginRefused();
  return row;
}

/**
 * A member acting at the server's terminal (`npm run ops -- … --as <username> --code <code>`): enrolled,
 * enabled, and this code of their authenticator, spent as a sign-in's is. Any failure is STAFF_LOGIN_FAILED.
 */
export async function verifyStaffCode(
  q: Queryable,
  input: { username: string; code: string },
): Promise<StaffRow> {
  const row = (
    await q.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff WHERE username = $1`, [input.username])
  ).rows[0];
  if (!row || row.enrolled_at === null || row.disabled_at !== null || !(await spendCode(q, row, input.code)))
    throw loginRefused();
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
    `UPDATE staff SET disabled_at = CASE WHEN $2 THEN COALESCE(disabled_at, app_now()) ELSE NULL END
     WHERE id = $1 RETURNING ${STAFF_COLUMNS}`,
    [row.id, disabled],
  );
  if (disabled) await q.query('DELETE FROM staff_sessions WHERE staff_id = $1', [row.id]);
  const after = await memberWithSessions(q, updated.rows[0]!);
  await appendAudit(q, actor, {
    action: disabled ? 'staff.disable' : 'staff.enable',
    target: `staff:${username}`,
    before: { disabled: before.disabled },
    after: { disabled: after.disabled },
  });
  return after;
}
