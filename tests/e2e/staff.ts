import { expect, test } from '@playwright/test';
import { TOTP } from 'otpauth';
import { ops } from './helpers';

/** The password of every staff member the journeys enrol through the API. */
export const STAFF_PASSWORD = 'lotus-ledger-e2e-2026';

export interface Staff {
  username: string;
  secret: string;
}

/** The current code of an authenticator secret, or the one of the step `steps` away. */
export function staffCode(secret: string, steps = 0): string {
  return new TOTP({ secret }).generate({ timestamp: Date.now() + steps * 30_000 });
}

/** The site under test's address, for the API calls made outside a page. */
function siteUrl(): string {
  return String(test.info().project.use.baseURL);
}

/**
 * Creates a back office account the way the first owner is created (the operator command, on the server),
 * then enrols it through its one-time link as the enrolment page does: opens it (a fresh secret), sets the
 * password and confirms with the previous step's code, which the server still takes, so the current one is
 * left for the sign-in that follows.
 */
export async function addStaff(role: 'owner' | 'operator' | 'marketing' | 'support'): Promise<Staff> {
  const username = `${role.slice(0, 4)}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const out = ops(['staff', 'add', username, '--role', role], {
    DATA_DIR: process.env.E2E_SITE_DATA_DIR ?? '',
    DATABASE_URL: '',
  });
  const token = /\/backoffice\/enrol\/([A-Za-z0-9_-]+)/.exec(out)?.[1];
  expect(token, out).toBeTruthy();
  const post = (path: string, body: object) =>
    fetch(`${siteUrl()}/api/v2/backoffice/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: siteUrl() },
      body: JSON.stringify(body),
    });
  const shown = await post('enrolment/secret', { token });
  expect(shown.status).toBe(200);
  const { totpSecret } = (await shown.json()) as { totpSecret: string };
  const done = await post('enrolment', { token, password: STAFF_PASSWORD, code: staffCode(totpSecret, -1) });
  expect(done.status).toBe(200);
  return { username, secret: totpSecret };
}
