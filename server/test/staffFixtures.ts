import { createStaffIn, currentTotpCode } from '../src/domain/staff/staffAccounts';
import type { StaffRole } from '@core/staffRoles';
import { cookieFrom, jsonHeaders, type TestApp, testActor } from './helpers';

/** The password of every staff member the tests create. */
export const STAFF_PASSWORD = 'staff password 2026';
let staffCounter = 0;

/** The token of an enrolment link's path (/backoffice/enrol/<token>). */
export function tokenOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

const TOTP_STEP_MS = 30_000;

/**
 * Waits out the last 1.5 s of an authenticator step (at most that long): a code of the step before, sent
 * then, could reach the server two steps late, outside the one step of drift it takes.
 */
async function clearOfStepBoundary(): Promise<void> {
  const left = TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS);
  if (left < 1_500) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * A member enrols as the enrolment page does: opens the link (a fresh secret), sets the password and confirms
 * with a code. The code is the previous step's, which the server still takes, so the current one stays
 * unspent for the sign-in that follows. Answers the secret.
 */
export async function enrol(t: TestApp, path: string, password = STAFF_PASSWORD): Promise<string> {
  const token = tokenOf(path);
  const shown = await t.app.inject({
    method: 'POST',
    url: '/api/v2/backoffice/enrolment/secret',
    headers: jsonHeaders(),
    payload: { token },
  });
  expect(shown.statusCode).toBe(200);
  const secret = shown.json().totpSecret as string;
  await clearOfStepBoundary();
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/v2/backoffice/enrolment',
    headers: jsonHeaders(),
    payload: { token, password, code: currentTotpCode(secret, Date.now() - TOTP_STEP_MS) },
  });
  expect(done.statusCode).toBe(200);
  return secret;
}

/** A new staff member of `role`, created by an owner at the terminal and enrolled by link, and their TOTP secret. */
export async function createStaff(t: TestApp, role: StaffRole) {
  staffCounter += 1;
  const username = `${role}${staffCounter}_${Date.now() % 100000}`;
  const created = await t.ctx.db.tx((q) =>
    createStaffIn(q, testActor, { username, displayName: `${role} ${staffCounter}`, role }),
  );
  return { username, secret: await enrol(t, created.enrolment.path) };
}

/** The back office sign-in (loginStaff) as the browser sends it. */
export function staffLogin(
  t: TestApp,
  payload: { username: string; password: string; code: string },
  headers = jsonHeaders(),
) {
  return t.app.inject({ method: 'POST', url: '/api/v2/backoffice/session', headers, payload });
}

/** A signed-in staff member of `role`: their back office cookie. */
export async function signedInStaff(t: TestApp, role: StaffRole) {
  const staff = await createStaff(t, role);
  const res = await staffLogin(t, {
    username: staff.username,
    password: STAFF_PASSWORD,
    code: currentTotpCode(staff.secret),
  });
  expect(res.statusCode).toBe(200);
  return { ...staff, cookie: cookieFrom(res.headers['set-cookie']) };
}
