import type { APIRequestContext, Browser, Page } from '@playwright/test';
import bo from '../../src/backoffice/locales/lo.json';
import { expect, expectAccessible, logIn, registerViaApi, test, uniqueUsername } from './fixtures';
import {
  accountNumber,
  addBankAccount,
  addBankAccountViaApi,
  choose,
  depositViaApi,
  openApp,
} from './helpers';
import { addStaff, STAFF_PASSWORD, type Staff, staffCode } from './staff';
import { lo } from './texts';

/** Signs in at /backoffice with the password and the authenticator's current code, in its own browser. */
async function signIn(
  browser: Browser,
  staff: Staff,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/backoffice');
  await page.getByLabel(bo.login.username).fill(staff.username);
  await page.getByLabel(bo.login.password).fill(STAFF_PASSWORD);
  await page.getByLabel(bo.login.code).fill(staffCode(staff.secret));
  await page.getByRole('button', { name: bo.login.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: bo.menu.dashboard })).toBeVisible();
  return page;
}

/** A player signed in on `page`, with a bank account and 200,000 LAK deposited at GClub: their username. */
async function playerWithCredit(page: Page, request: APIRequestContext, baseURL: string): Promise<string> {
  const username = uniqueUsername('bo');
  await registerViaApi(request, baseURL, username);
  await logIn(page, username);
  await addBankAccount(page, accountNumber());
  await depositViaApi(page, baseURL, 'gclub', 200000);
  return username;
}

/**
 * The player asks for 120 THB from GClub, above this site's automatic limit (100 THB), so it waits for staff:
 * its order code.
 */
async function withdrawForStaff(page: Page): Promise<string> {
  await openApp(page, '/player/withdraw');
  await choose(page, lo.money.withdraw.provider, 'GClub');
  await page.getByLabel(lo.money.withdraw.amount).fill('120');
  await page.getByRole('button', { name: lo.money.withdraw.submit }).click();
  await expect(page.getByText(lo.money.withdraw.success)).toBeVisible();
  const open = (await (await page.request.get('/api/v2/withdraws/open')).json()) as {
    orders: Array<{ code: string }>;
  };
  return open.orders[0]!.code;
}

// Staff work at a desk: the player site's phone journeys are the phone project's; these run once, on desktop.
test.beforeEach(({ browserName: _browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the back office is checked on the desktop project');
});

test('an operator signs in with a TOTP code and approves a withdrawal above the automatic limit; the player sees it paid', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A deposit, a withdrawal and a staff sign-in in a second browser: long on a busy machine.
  test.setTimeout(120_000);
  const username = await playerWithCredit(page, request, baseURL!);
  // The operator watches the queue before the request exists: it arrives by the live events, no reload.
  const operator = await signIn(browser, await addStaff('operator'));
  await operator.getByRole('link', { name: bo.menu.withdrawals }).click();
  await expect(operator.getByRole('heading', { level: 1, name: bo.menu.withdrawals })).toBeVisible();
  const code = await withdrawForStaff(page);

  const row = operator.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText(username);
  await row.getByRole('button', { name: bo.withdrawals.approve }).click();
  await operator.getByRole('tooltip').getByRole('button', { name: bo.withdrawals.approve }).click();
  await expect(operator.getByText(bo.withdrawals.outcome.PAID.replace('{{code}}', code))).toBeVisible();
  // Decided: it leaves the queue of open withdrawals.
  await expect(operator.getByRole('row').filter({ hasText: code })).toHaveCount(0);

  await page.goto('/player/withdraw/history');
  const withdrawRow = page
    .getByText(code)
    .locator(
      'xpath=ancestor::*[self::tr or contains(@class,"ant-list-item") or contains(@class,"ant-card")][1]',
    );
  await expect(withdrawRow.getByText(lo.money.status.SUCCESS)).toBeVisible();
  await operator.context().close();
});

test('a marketing user is refused the withdrawal queue, on the screen and by the server', async ({
  browser,
}) => {
  const marketing = await signIn(browser, await addStaff('marketing'));
  const menu = marketing.getByRole('navigation', { name: bo.menu.label });
  await expect(menu.getByRole('link', { name: bo.menu.promotions })).toBeVisible();
  await expect(menu.getByRole('link', { name: bo.menu.withdrawals })).toHaveCount(0);

  await marketing.goto('/backoffice/withdrawals');
  await expect(marketing.getByText(bo.forbidden.title)).toBeVisible();
  const refused = await marketing.request.get('/api/v2/backoffice/withdrawals');
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('STAFF_FORBIDDEN');
  await marketing.context().close();
});

test('an owner sees every back office page without a serious accessibility fault', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // axe on eleven pages, beside the other worker's journeys: minutes on a busy 2-core machine.
  test.setTimeout(180_000);
  // A withdrawal waiting in the queue, so its row (tags, the player's context) is checked too.
  await playerWithCredit(page, request, baseURL!);
  await withdrawForStaff(page);
  const owner = await signIn(browser, await addStaff('owner'));
  await expectAccessible(owner);
  const menu = owner.getByRole('navigation', { name: bo.menu.label });
  for (const label of Object.values(bo.menu).filter((l) => l !== bo.menu.label)) {
    await menu.getByRole('link', { name: label }).click();
    await expect(owner.getByRole('heading', { level: 1, name: label })).toBeVisible();
    await owner.waitForLoadState('networkidle');
    await expectAccessible(owner);
  }
  await owner.context().close();
});

test('an owner edits a promotion’s Lao text, previewed before it is saved, and players then read it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const owner = await signIn(browser, await addStaff('owner'));
  const text = `ຄືນເງິນທຸກວັນສຸກ ${Date.now().toString(36)}`;
  await owner
    .getByRole('navigation', { name: bo.menu.label })
    .getByRole('link', { name: bo.menu.promotions })
    .click();
  await owner.getByRole('button', { name: bo.promotions.editOne.replace('{{id}}', 'slot-50') }).click();
  const editor = owner.getByRole('dialog');
  await editor.getByLabel(bo.promotions.description).fill(text);
  // The preview shows it as players will see it, before it is saved.
  await expect(editor.getByText(text)).toHaveCount(2);
  await expectAccessible(owner);
  await editor.getByRole('button', { name: bo.promotions.save, exact: true }).click();
  await expect(owner.getByText(bo.promotions.saved)).toBeVisible();
  await owner.context().close();

  const username = uniqueUsername('promo');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  // Promotions are offered to a player with a bank account (spec: add one before claiming).
  await addBankAccountViaApi(page, baseURL!);
  await openApp(page, '/player/promotion/slot-50');
  await expect(page.getByText(text)).toBeVisible();
});

test('the sign-in refuses a wrong code and says so, and the login page passes axe', async ({ browser }) => {
  const staff = await addStaff('support');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/backoffice');
  await expectAccessible(page);
  await page.getByLabel(bo.login.username).fill(staff.username);
  await page.getByLabel(bo.login.password).fill(STAFF_PASSWORD);
  const code = staffCode(staff.secret);
  await page.getByLabel(bo.login.code).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: bo.login.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(bo.errors.STAFF_LOGIN_FAILED);
  await context.close();
});

test('on a 320 px phone every back office page fits the screen: the menu folds away, wide tables scroll in place', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signIn(browser, await addStaff('owner'), { width: 320, height: 640 });
  const paths = [
    '',
    'withdrawals',
    'payments',
    'transfers',
    'players',
    'promotions',
    'games',
    'audit',
    'staff',
    'settings',
  ];
  for (const path of paths) {
    await owner.goto(`/backoffice/${path}`);
    await expect(owner.getByRole('heading', { level: 1 })).toBeVisible();
    await owner.waitForLoadState('networkidle');
    // The menu is folded away on a phone: the page has the whole width.
    await expect(owner.getByRole('navigation', { name: bo.menu.label })).toBeHidden();
    const sideways = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, `/backoffice/${path} scrolls sideways by ${sideways} px`).toBeLessThanOrEqual(0);
  }
  // The menu opens from the header, and a choice folds it away again.
  await owner.getByRole('button', { name: bo.openMenu }).click();
  const menu = owner.getByRole('navigation', { name: bo.menu.label });
  await expect(menu).toBeInViewport();
  // Open, the drawer holds the page to the screen: the body's margin does not widen it.
  const sidewaysOpen = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(
    sidewaysOpen,
    `with the menu open the page scrolls sideways by ${sidewaysOpen} px`,
  ).toBeLessThanOrEqual(0);
  await expectAccessible(owner);
  await menu.getByRole('link', { name: bo.menu.players }).click();
  await expect(owner.getByRole('heading', { level: 1, name: bo.menu.players })).toBeVisible();
  await expect(menu).toBeHidden();
  await owner.context().close();
});

test('an owner adds a member, who enrols by their own link: their password and authenticator, seen by them alone; then they sign in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signIn(browser, await addStaff('owner'));
  await owner
    .getByRole('navigation', { name: bo.menu.label })
    .getByRole('link', { name: bo.menu.staff })
    .click();
  const username = `new.${Date.now().toString(36)}`;
  await owner.getByLabel(bo.staff.username).fill(username);
  await owner.getByLabel(bo.staff.name, { exact: true }).fill('Khamla');
  // No password field: the owner never chooses nor sees the member's.
  await expect(owner.locator('input[type=password]')).toHaveCount(0);
  await owner.getByRole('button', { name: bo.staff.create }).click();
  const issued = owner.getByRole('status').filter({ hasText: username });
  await expect(issued).toContainText('/backoffice/enrol/');
  const link = /https?:\/\/\S+\/backoffice\/enrol\/[A-Za-z0-9_-]+/.exec(
    (await issued.textContent()) ?? '',
  )?.[0];
  expect(link).toBeTruthy();
  // The owner's screen shows no secret, only the link; the new member waits for their enrolment.
  await expect(issued).not.toContainText('otpauth://');
  await expect(owner.getByRole('row').filter({ hasText: username })).toContainText(bo.staff.notEnrolled);

  // The member opens the link in their own browser.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const member = await context.newPage();
  await member.goto(link!);
  await expect(member.getByRole('heading', { level: 1, name: bo.enrol.title })).toBeVisible();
  await expect(member.getByRole('img', { name: bo.enrol.qr })).toBeVisible();
  const secret = (await member.getByTestId('enrol-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(member.getByText(`otpauth://totp/`)).toBeVisible();
  await expectAccessible(member);
  const password = 'khamla pass phrase 2026';
  await member.getByLabel(bo.enrol.password, { exact: true }).fill(password);
  await member.getByLabel(bo.enrol.passwordAgain).fill(password);
  // A wrong code is refused and says so; the app's code then enrols.
  const code = staffCode(secret);
  await member.getByLabel(bo.enrol.code).fill(code === '000000' ? '111111' : '000000');
  await member.getByRole('button', { name: bo.enrol.submit }).click();
  await expect(member.getByRole('alert')).toHaveText(bo.errors.STAFF_CODE_WRONG);
  await member.getByLabel(bo.enrol.code).fill(code);
  await member.getByRole('button', { name: bo.enrol.submit }).click();
  await expect(member.getByText(bo.enrol.done)).toBeVisible();

  // Then they sign in with their own password and the app's next code (the one just given is spent).
  await member.getByRole('button', { name: bo.enrol.signIn }).click();
  await member.getByLabel(bo.login.username).fill(username);
  await member.getByLabel(bo.login.password).fill(password);
  await member.getByLabel(bo.login.code).fill(staffCode(secret, 1));
  await member.getByRole('button', { name: bo.login.submit }).click();
  await expect(member.getByRole('heading', { level: 1, name: bo.menu.dashboard })).toBeVisible();
  // The link was good once.
  const again = await context.newPage();
  await again.goto(link!);
  await expect(again.getByText(bo.enrol.invalid)).toBeVisible();
  await context.close();
  await owner.reload();
  await expect(owner.getByRole('row').filter({ hasText: username })).toContainText(bo.staff.active);
  await owner.context().close();
});

test('two operators open the same withdrawal: the second sees who has it; a reject’s reason reaches the player in Lao', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await playerWithCredit(page, request, baseURL!);
  const code = await withdrawForStaff(page);

  const first = await signIn(browser, await addStaff('operator'));
  await first.getByRole('link', { name: bo.menu.withdrawals }).click();
  const firstRow = first.getByRole('row').filter({ hasText: code });
  // The player's context and the time it has waited, beside the withdrawal.
  await expect(firstRow).toContainText(bo.withdrawals.waitedMinutes.replace('{{count}}', '0'));
  await firstRow.getByRole('button', { name: code }).click();
  await expect(first.getByRole('dialog').getByText(bo.withdrawals.registered, { exact: true })).toBeVisible();

  const secondStaff = await addStaff('operator');
  const second = await signIn(browser, secondStaff);
  await second.getByRole('link', { name: bo.menu.withdrawals }).click();
  const secondRow = second.getByRole('row').filter({ hasText: code });
  // "<name> has it open", live: the first operator's drawer took it.
  await expect(
    secondRow.getByText(bo.withdrawals.takenBy.replace('{{name}} ', ''), { exact: false }),
  ).toBeVisible();
  await first.keyboard.press('Escape');

  // The second operator rejects it, naming why; the player reads that reason in Lao.
  await expect(secondRow.getByRole('button', { name: bo.withdrawals.reject })).toBeVisible();
  await secondRow.getByRole('button', { name: bo.withdrawals.reject }).click();
  const dialog = second.getByRole('dialog');
  await dialog.getByRole('radio', { name: bo.withdrawals.rejectReasons.NAME_MISMATCH }).check();
  await dialog.getByRole('button', { name: bo.withdrawals.reject }).click();
  await expect(second.getByText(bo.withdrawals.outcome.REJECTED.replace('{{code}}', code))).toBeVisible();

  await page.goto('/player/withdraw/history');
  await expect(page.getByText(lo.money.history.rejected.NAME_MISMATCH)).toBeVisible();
  await first.context().close();
  await second.context().close();
});
