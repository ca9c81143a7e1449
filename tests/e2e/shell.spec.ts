import { expect, isPhone, logIn, password, registerViaApi, test, uniqueUsername } from './fixtures';
import { openPlayerMenuItem } from './helpers';
import { exact, lo } from './texts';

const noAgencySite = process.env.E2E_NO_AGENCY_URL ?? 'http://127.0.0.1:4174';

test('a site started without an agency shows the cannot-log-in page', async ({ page, watch }) => {
  watch.allow('/api/v2/agency/info', 404);
  await page.goto(`${noAgencySite}/login`);
  await expect(page.getByText(lo.common.agencyUnavailable.title)).toBeVisible();
  await expect(page.getByText(lo.common.agencyUnavailable.apology)).toBeVisible();
  await expect(page.locator('img').first()).toBeVisible();
  await expect(page.getByRole('button', { name: exact(lo.auth.login.submit) })).toHaveCount(0);
});

test('an unknown address shows Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Not Found')).toBeVisible();
  await expect(page.getByRole('link', { name: lo.common.notFound.home })).toBeVisible();
});

test('scroll-to-top appears after 500 px, and the bottom bar shows only at 576 px or less', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/');
  // The home page is loaded lazily: scroll only once it is there and the page is tall enough.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight))
    .toBeGreaterThan(700);
  const toTop = page.getByRole('button', { name: lo.layout.scrollToTop });
  await expect(toTop).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  await expect(toTop).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
  await expect(toTop).toBeVisible();
  await toTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  const username = uniqueUsername('bar');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  const bar = page.getByRole('navigation', { name: lo.layout.bottomBar.label });
  if (isPhone(page)) {
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: lo.layout.bottomBar.deposit })).toHaveAttribute(
      'href',
      '/player/deposit',
    );
    await expect(bar.getByRole('link', { name: lo.layout.bottomBar.play })).toHaveAttribute(
      'href',
      '/player/game/alphabet',
    );
  } else {
    await expect(bar).toBeHidden();
  }
  await page.setViewportSize({ width: 576, height: 800 });
  await expect(bar).toBeVisible();
  await page.setViewportSize({ width: 577, height: 800 });
  await expect(bar).toBeHidden();
});

test('only one toast shows at a time', async ({ page, request, baseURL, watch }) => {
  watch.allow('/api/v2/players/security/password/change', 400);
  const username = uniqueUsername('toast');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await openPlayerMenuItem(page, username, lo.layout.navbar.changePassword);
  const dialog = page.getByRole('dialog', { name: lo.auth.changePassword.title });
  await dialog.getByLabel(exact(lo.auth.fields.currentPassword)).fill(`${password}-wrong`);
  await dialog.getByLabel(exact(lo.auth.fields.newPassword)).fill('another-password-1');
  await dialog.getByLabel(exact(lo.auth.fields.confirmNewPassword)).fill('another-password-1');
  const save = dialog.getByRole('button', { name: lo.auth.changePassword.save });
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: lo.errors.PASSWORD_INCORRECT })).toHaveCount(1);
  await save.click();
  await save.click();
  await expect(page.locator('.toaster').getByRole('alert')).toHaveCount(1);
});

test('on a phone the drawer closes when the player taps outside its menu entries', async ({
  page,
  request,
  baseURL,
}) => {
  test.skip(!isPhone(page), 'the drawer covers the whole screen only on a phone');
  const username = uniqueUsername('drawer');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  const openMenu = page.getByRole('button', { name: lo.layout.drawer.open });
  const menu = page.getByRole('navigation', { name: lo.layout.drawer.label });
  const drawer = page.getByRole('dialog').filter({ has: menu });
  const reopen = async () => {
    await openMenu.tap();
    await expect(menu).toBeVisible();
  };

  // The header, where the logo is.
  await reopen();
  await drawer.getByRole('img', { name: lo.layout.brand }).tap();
  await expect(menu).toBeHidden();

  // The credit card: its refresh button only refreshes, a tap on the card itself closes the drawer.
  await reopen();
  const credits = drawer.getByRole('region', { name: lo.layout.credit.title });
  await credits.getByRole('button', { name: lo.layout.credit.refresh }).tap();
  await expect(credits.getByRole('button', { name: lo.layout.credit.refresh })).toBeEnabled();
  await expect(menu).toBeVisible();
  await credits.getByRole('heading', { name: lo.layout.credit.title }).tap();
  await expect(menu).toBeHidden();

  // A group title of the menu is not an entry.
  await reopen();
  await menu.getByText(lo.layout.menu.history, { exact: true }).tap();
  await expect(menu).toBeHidden();

  // The close button in the header is on screen and reachable by a thumb.
  await reopen();
  const close = drawer.getByRole('button', { name: lo.layout.home.drawer.close });
  await expect(close).toBeInViewport();
  await close.tap();
  await expect(menu).toBeHidden();

  // A menu entry still opens its page and closes the drawer.
  await reopen();
  await menu.getByRole('link', { name: lo.layout.menu.bank }).tap();
  await expect(page).toHaveURL(/\/player\/bank$/);
  await expect(menu).toBeHidden();
});
