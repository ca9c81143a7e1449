import type { Page } from '@playwright/test';
import { expect, isPhone, password, test, uniqueUsername } from './fixtures';
import { choose } from './helpers';
import { cn, exact, lo, th, vn } from './texts';

const LAO_SCRIPT = /[\u0E80-\u0EFF]/;

/** The fonts Chromium actually drew an element's text with (DevTools protocol), and whether each is a web font. */
async function fontsDrawing(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => ({ family: font.familyName, web: font.isCustomFont }));
  } finally {
    await cdp.detach();
  }
}

/** Web fonts the page has put to use (declared faces are only fetched once text needs them). */
function usedWebFonts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.status !== 'unloaded').map((face) => face.family);
  });
}

test('a player uses the site in Thai end to end', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');

  // The drawer's language choice: Lao and Thai first, each named in itself.
  await page.getByRole('button', { name: lo.layout.drawer.open }).click();
  const languages = page.getByRole('group', { name: lo.layout.language.title });
  await expect(languages.getByRole('button')).toHaveText(['ລາວ', 'ไทย', '中文', 'Tiếng Việt']);
  await expect(languages.getByRole('button', { name: 'ລາວ' })).toHaveAttribute('aria-pressed', 'true');
  await languages.getByRole('button', { name: 'ไทย' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  const thaiLanguages = page.getByRole('group', { name: th.layout.language.title });
  await expect(thaiLanguages.getByRole('button', { name: 'ไทย' })).toHaveAttribute('aria-pressed', 'true');
  const drawerMenu = page.getByRole('navigation', { name: th.layout.drawer.label });
  await drawerMenu.getByRole('link', { name: th.layout.home.drawer.register }).click();

  // Registers through the Thai form.
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: th.auth.register.title })).toBeVisible();
  const username = uniqueUsername('thai');
  await page.getByLabel(exact(th.auth.fields.username)).fill(username);
  await expect(page.getByText(th.auth.register.usernameAvailable)).toBeVisible();
  await page.getByLabel(exact(th.auth.fields.password)).fill(password);
  await page.getByLabel(exact(th.auth.fields.confirmPassword)).fill(password);
  await page.getByRole('button', { name: exact(th.auth.register.submit) }).click();
  // Registering signs in: the player lands on deposit, where a deposit limit is offered in Thai, in a card;
  // this player skips it.
  await expect(page).toHaveURL(/\/player\/deposit$/);
  await expect(page.getByText(/นาที/)).toHaveCount(0);
  const offer = page.getByRole('region', { name: th.protection.offer.title });
  await offer.getByRole('button', { name: th.protection.offer.skip }).click();
  await expect(offer).toBeHidden();

  // The navigation bar and the drawer's player menu are in Thai.
  const navbar = page.getByRole('navigation', { name: th.layout.navbar.label });
  // On a phone the player's bar leaves the languages to the drawer (it must fit 320 px).
  if (!isPhone(page))
    await expect(navbar.getByRole('button', { name: `${th.layout.language.choose}: ไทย` })).toBeVisible();
  await expect(navbar.getByRole('button', { name: new RegExp(username) }).first()).toBeVisible();
  await page.getByRole('button', { name: th.layout.drawer.open }).click();
  await drawerMenu.getByRole('link', { name: exact(th.layout.menu.deposit) }).click();

  // The deposit form in Thai, up to its QR dialog.
  await expect(page).toHaveURL(/\/player\/deposit$/);
  await expect(page.getByRole('heading', { level: 1, name: th.money.deposit.title })).toBeVisible();
  await choose(page, th.money.deposit.provider, 'Alphabet');
  await choose(page, th.money.deposit.paymentMethod, /LAO QR/i);
  await choose(page, th.money.deposit.bank, 'BCEL');
  await page.getByLabel(th.money.deposit.amount).fill('100000');
  await expect(page.getByText(/100[.,\u00a0]?000 LAK = เครดิต/)).toBeVisible();
  await page.getByRole('button', { name: th.money.deposit.submit }).click();
  const dialog = page.getByRole('dialog', { name: th.money.deposit.dialog.title });
  await expect(dialog.getByRole('button', { name: th.money.deposit.dialog.check })).toBeVisible();

  // A new page load keeps Thai: the deposit history, with antd's pagination in Thai.
  await page.goto('/player/deposit/history');
  await expect(page.getByRole('heading', { level: 1, name: th.money.history.depositTitle })).toBeVisible();
  await expect(page.getByText(th.money.status.OPEN).first()).toBeVisible();
  const pagination = page.locator('.ant-pagination').first();
  // antd's th_TH words: "previous page" and "/ page" in the page size choice.
  await expect(pagination.locator('[title="หน้าก่อนหน้า"]')).toHaveCount(1);
  await expect(pagination).toContainText('10 / หน้า');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('th');
  expect(await page.locator('body').innerText()).not.toMatch(LAO_SCRIPT);

  // Thai text is drawn in the site's Noto Sans Thai, both of whose faces the Thai page asked for early.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.fonts].filter((f) => f.family.includes('Noto Sans Thai') && f.status === 'loaded')
            .length,
      ),
    )
    .toBe(2);
  const family = await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily);
  expect(family).toContain('Noto Sans Thai');
  await expect.poll(() => usedWebFonts(page)).toContainEqual(expect.stringContaining('Noto Sans Thai'));
  const drawn = await fontsDrawing(page, 'h1');
  expect(drawn.filter((font) => font.web).map((font) => font.family)).toContainEqual(
    expect.stringMatching(/Noto Sans Thai/),
  );
});

test('Chinese and Vietnamese are drawn with system fonts, Chinese in Noto Sans CJK', async ({ page }) => {
  for (const [lng, texts] of [
    ['cn', cn],
    ['vn', vn],
  ] as const) {
    await page.goto('/login');
    await page.evaluate((language) => localStorage.setItem('i18nextLng', language), lng);
    await page.reload();
    const heading = page.getByRole('heading', { level: 1, name: texts.auth.login.title });
    await expect(heading).toBeVisible();
    // The heading is drawn with system fonts only. (The pre-rendered first paint is Lao, so the Lao face may
    // have loaded before the page switched language; nothing Chinese or Vietnamese is drawn with it.)
    const fonts = await fontsDrawing(page, 'h1');
    expect(fonts.filter((font) => font.web)).toEqual([]);
    if (lng === 'cn') {
      expect(
        fonts.map((font) => font.family),
        "Chinese is drawn with the system's Noto Sans CJK (Debian's fonts-noto-cjk, installed by .ci/run)",
      ).toContainEqual(expect.stringMatching(/Noto Sans CJK/));
    }
  }
});
