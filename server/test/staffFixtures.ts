import { createStaffIn, currentTotpCode } from '../src/domain/staffAccounts';
import type { StaffRole } from '@core/staffRoles';
import { cookieFrom, jsonHeaders, type TestApp, testActor } from './helpers';

/** The password of every staff member the tests create. */
export const STAFF_PASSWORD = 'staff password 2026';
let staffCounter = 0;

/** A new staff member of `role`, created by an owner at the terminal, and their TOTP secret. */
export async function createStaff(t: TestApp, role: StaffRole) {
  staffCounter += 1;
  const username = `${role}${staffCounter}_${Date.now() % 100000}`;
  const created = await t.ctx.db.tx((q) =>
    createStaffIn(q, testActor, {
      username,
      displayName: `${role} ${staffCounter}`,
      role,
      password: STAFF_PASSWORD,
    }),
  );
  return { username, secret: created.totpSecret };
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
