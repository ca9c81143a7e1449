import { expect, logIn, password, registerViaApi, test, uniqueUsername } from './fixtures';
import { openPlayerMenuItem, openApp } from './helpers';
import { cn, exact, lo, vn } from './texts';

test('a newcomer registers, is signed in at once on the deposit page, where a deposit limit is offered in a card', async ({
  page,
}) => {
  const username = uniqueUsername('new');
  await page.goto('/register');
  // The pre-rendered form is live once React has taken it over.
  await page.locator('#root:not([data-prerendered])').waitFor();
  await page.getByLabel(exact(lo.auth.fields.username)).fill(username);
  await expect(page.getByText(lo.auth.register.usernameAvailable)).toBeVisible();
  await page.getByLabel(exact(lo.auth.fields.password)).fill(password);
  await page.getByLabel(exact(lo.auth.fields.confirmPassword)).fill(password);
  await page.getByRole('button', { name: exact(lo.auth.register.submit) }).click();

  // No "wait a few minutes" and no login form: the player is in, on the next step.
  await expect(page).toHaveURL(/\/player\/deposit$/);
  await expect(page.getByText(/ນາທີ/)).toHaveCount(0);
  await expect(page.getByText(username).first()).toBeVisible();
  // A deposit limit is offered beside the form, blocking nothing; skipping it is one tap.
  const offer = page.getByRole('region', { name: lo.protection.offer.title });
  await expect(offer).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await offer.getByRole('button', { name: lo.protection.offer.skip }).click();
  await expect(offer).toBeHidden();

  // The session is a real one: a reload keeps the player signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: lo.money.deposit.title })).toBeVisible();
  await expect(page.getByText(username).first()).toBeVisible();
});

test('the language switch to Chinese and Vietnamese is kept after a reload, and Lao uses the Lao font', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  // The Lao font loads once Lao text is on screen: wait for the page, not just the static <html lang>.
  await expect(page.getByRole('heading', { level: 1, name: exact(lo.auth.login.title) })).toBeVisible();
  const laoFont = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      family: getComputedStyle(document.body).fontFamily,
      loaded: document.fonts.check('16px "Noto Sans Lao"', 'ສະບາຍດີ'),
    };
  });
  expect(laoFont.family).toContain('Noto Sans Lao');
  expect(laoFont.loaded).toBe(true);

  for (const [lng, texts, name] of [
    ['cn', cn, '中文'],
    ['vn', vn, 'Tiếng Việt'],
  ] as const) {
    await page
      .getByRole('button', { name: new RegExp(lo.layout.language.choose + '|选择语言|Chọn ngôn ngữ') })
      .click();
    await page.getByRole('menuitem', { name }).or(page.getByRole('menuitemradio', { name })).first().click();
    await expect(page.getByRole('heading', { name: texts.auth.login.title })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: texts.auth.login.title })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe(lng);
  }
  await page.getByRole('button', { name: /Chọn ngôn ngữ/ }).click();
  await page
    .getByRole('menuitem', { name: 'ລາວ' })
    .or(page.getByRole('menuitemradio', { name: 'ລາວ' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: lo.auth.login.title })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
});

test('a visitor opening a player page ends at login; a logged-in player opening login ends in the player area', async ({
  page,
  request,
  baseURL,
}) => {
  for (const path of [
    '/player/deposit',
    '/player/withdraw/history',
    '/player/promotion',
    '/player/game/gclub',
  ]) {
    await page.goto(path);
    // The login page keeps the page to return to after logging in.
    await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
  }
  const username = uniqueUsername('guard');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  for (const path of ['/login', '/register', '/']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/player\/game\/alphabet$/);
    await expect(page.getByRole('heading', { name: 'Alphabet' })).toBeVisible();
  }
});

test('a player changes the password, is sent to log in again and logs in with the new one', async ({
  page,
  request,
  baseURL,
  watch,
}) => {
  watch.allow('/api/v2/players/login', 401);
  const username = uniqueUsername('pw');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);

  await openPlayerMenuItem(page, username, lo.layout.navbar.changePassword);
  const dialog = page.getByRole('dialog', { name: lo.auth.changePassword.title });
  const newPassword = 'silver-mekong-2027';
  await dialog.getByLabel(exact(lo.auth.fields.currentPassword)).fill(password);
  await dialog.getByLabel(exact(lo.auth.fields.newPassword)).fill(newPassword);
  await dialog.getByLabel(exact(lo.auth.fields.confirmNewPassword)).fill(newPassword);
  await dialog.getByRole('button', { name: lo.auth.changePassword.save }).click();
  await expect(page.getByText(lo.auth.changePassword.successTitle)).toBeVisible();
  await page.getByRole('button', { name: lo.auth.changePassword.ok }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fplayer%2Fgame%2Falphabet$/);

  await page.getByLabel(exact(lo.auth.fields.username)).fill(username);
  await page.getByLabel(exact(lo.auth.fields.password)).fill(password);
  await page
    .getByRole('main')
    .getByRole('button', { name: exact(lo.auth.login.submit) })
    .click();
  await expect(page.getByText(lo.errors.LOGIN_FAILED)).toBeVisible();

  await logIn(page, username, newPassword);
});

test('a player logs out and is a visitor again', async ({ page, request, baseURL }) => {
  const username = uniqueUsername('out');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await openPlayerMenuItem(page, username, lo.layout.navbar.logout);
  await expect(page.getByRole('link', { name: exact(lo.layout.navbar.login) }).first()).toBeVisible();
  await openApp(page, '/player/bank');
  await expect(page).toHaveURL(/\/login\?next=%2Fplayer%2Fbank$/);
});
