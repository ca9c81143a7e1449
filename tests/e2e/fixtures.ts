import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { VISITOR_PROBES, watchBrowserConsole, type ExpectedRefusal } from './checks/browserConsole';

export { expect };

interface Watch {
  /** Declares a refusal the journey provokes on purpose, so it does not count as a failed request. */
  allow(path: string, status: number): void;
  /** Declares a browser console error or warning the journey provokes on purpose. */
  allowConsole(pattern: RegExp): void;
}

/**
 * Every journey fails on an uncaught page error, a browser console error or warning, or a failed request it
 * did not declare. That is what a player would notice as a broken page even when the assertions pass, and
 * what a developer opening the console would have to wade through.
 */
export const test = base.extend<{ watch: Watch }>({
  watch: [
    async ({ page }, use) => {
      // A visitor's session probe answers 401: that is how the site learns nobody is logged in.
      const allowed: ExpectedRefusal[] = [...VISITOR_PROBES];
      const allowedConsole: RegExp[] = [];
      const problems: string[] = [];
      watchBrowserConsole(page, problems, allowed, allowedConsole);
      page.on('requestfailed', (request) => {
        const failure = request.failure()?.errorText ?? '';
        // A navigation away or a reload aborts requests in flight: not a failure the player sees.
        if (failure.includes('ERR_ABORTED')) return;
        problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
      });
      page.on('response', (response) => {
        const status = response.status();
        if (status < 400) return;
        const path = new URL(response.url()).pathname;
        if (allowed.some((a) => path.startsWith(a.path) && a.status === status)) return;
        problems.push(`HTTP ${status}: ${response.request().method()} ${path}`);
      });
      await use({
        allow: (path, status) => allowed.push({ path, status }),
        allowConsole: (pattern) => allowedConsole.push(pattern),
      });
      expect(problems, 'no page errors, no console errors and no unexpected failed requests').toEqual([]);
    },
    { auto: true },
  ],
});

let counter = 0;
export function uniqueUsername(prefix = 'p'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
}

export const password = 'golden-naga-2026';

/** Registers a player through the API, as the register page would, to keep journeys that are not about registering short. */
export async function registerViaApi(
  request: APIRequestContext,
  baseURL: string,
  username: string,
): Promise<void> {
  const res = await request.post('/api/v2/players/register', {
    // A device of its own: players sharing a fingerprint are linked accounts (docs/backoffice.md).
    headers: { origin: baseURL, 'x-fingerprint': `e2e-${username}` },
    data: { username, password, confirmPassword: password, fingerprint: `e2e-${username}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Fills and sends the login form, as a player would; where the site then lands is the caller's to check. */
export async function submitLogin(page: Page, username: string, pw = password): Promise<void> {
  await page.goto('/login');
  // The page is pre-rendered: typing before the app has taken it over would type into static markup.
  await page.locator('[data-hydrated="true"]').waitFor();
  await page.getByLabel(/ຊື່ຜູ້ໃຊ້/).fill(username);
  await page
    .getByLabel(/ລະຫັດຜ່ານ/)
    .first()
    .fill(pw);
  await page
    .getByRole('button', { name: /ເຂົ້າສູ່ລະບົບ/ })
    .last()
    .click();
}

export async function logIn(page: Page, username: string, pw = password): Promise<void> {
  await submitLogin(page, username, pw);
  // The player lands on the first game once the profile has loaded: wait for it, as a player would.
  await expect(page).toHaveURL(/\/player\/game\/alphabet$/);
  await expect(page.getByRole('heading', { name: 'Alphabet' })).toBeVisible();
}

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page, rules?: readonly string[]): Promise<void> {
  const axe = new AxeBuilder({ page });
  const results = await (rules ? axe.withRules([...rules]) : axe).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * The axe rules a page's words decide: its language, names, labels and titles. A page in another language
 * has the same structure and colours as in Lao, where every rule runs; these are what a translation changes.
 */
export const AXE_TEXT_RULES = [
  'document-title',
  'html-has-lang',
  'html-lang-valid',
  'valid-lang',
  'button-name',
  'link-name',
  'input-button-name',
  'label',
  'select-name',
  'image-alt',
  'role-img-alt',
  'svg-img-alt',
  'frame-title',
  'aria-command-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-dialog-name',
  'aria-progressbar-name',
  'empty-heading',
] as const;

export const isPhone = (page: Page): boolean => (page.viewportSize()?.width ?? 1000) <= 576;

/**
 * In a describe block that sets a phone's viewport: its journeys run on the phone project only, which has a
 * phone's touch and browser too. The desktop project would run them again at the same size.
 */
export function phoneSizedJourneys(): void {
  test.beforeEach(({ browserName: _browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone-sized: the phone project runs it');
  });
}

/**
 * Skips the calling journey on the desktop project: the longest journeys run on a phone, the site being
 * mobile first, and the desktop layout of their pages is checked page by page (pageSweep.spec.ts).
 */
export function onPhoneOnly(page: Page): void {
  test.skip(
    !isPhone(page),
    'a phone journey: the desktop layout of its pages is checked by pageSweep.spec.ts',
  );
}
