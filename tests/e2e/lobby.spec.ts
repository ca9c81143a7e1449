import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  password,
  phoneSizedJourneys,
  registerViaApi,
  test,
  uniqueUsername,
} from './fixtures';
import { lo } from './texts';

/**
 * A lobby that sells the games (issue 27, item 7): a visitor sees promotions and hot and new games on the
 * home page, browses any provider's lobby with its artwork, and Play takes them through login straight into
 * that game. At the two phone widths of the issue, with no page wider than the screen.
 */

const PHONES = [
  { width: 360, height: 800 },
  { width: 390, height: 844 },
];
const VISITOR_PAGES = ['/', '/games/alphabet', '/games/gclub_live', '/games?tab=Fish'];

/** Every picture in `scope` that the browser has fetched and drawn. */
async function drawnPictures(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .evaluateAll(
      (images) =>
        images.filter(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ).length,
    );
}

for (const phone of PHONES) {
  test.describe(`at ${phone.width}x${phone.height}`, () => {
    test.use({ viewport: phone });
    phoneSizedJourneys();

    test('a visitor finds a game from the home page, logs in from Play and lands in that game', async ({
      page,
      request,
      baseURL,
      watch,
    }) => {
      // A new player has no credit there yet: the game view says so and offers Deposit.
      watch.allow('/api/v2/games/launch', 409);
      const username = uniqueUsername('lobby');
      await registerViaApi(request, baseURL!, username);

      await page.goto('/');
      await page.locator('#root:not([data-prerendered])').waitFor();
      const promotions = page.getByRole('region', { name: lo.common.home.promotionsTitle });
      await expect(promotions.getByRole('link').first()).toBeVisible();
      await expect
        .poll(() => drawnPictures(page, '[aria-labelledby="home-promotions"] img'))
        .toBeGreaterThan(0);
      const hot = page.getByRole('region', { name: lo.common.home.hotTitle });
      const fresh = page.getByRole('region', { name: lo.common.home.newTitle });
      await expect(hot.getByRole('link').first()).toBeVisible();
      await expect(fresh.getByRole('link').first()).toBeVisible();
      await hot.scrollIntoViewIfNeeded();
      await expect.poll(() => drawnPictures(page, '[aria-labelledby="home-hot"] img')).toBeGreaterThan(0);

      // Every provider's lobby is open to a visitor, with the games' artwork.
      const lobbies = page.getByRole('region', { name: lo.common.home.providersTitle });
      await lobbies.getByRole('link', { name: 'GClub Live' }).click();
      await expect(page).toHaveURL(/\/games\/gclub_live$/);
      await expect(page.getByRole('heading', { level: 1, name: 'GClub Live' })).toBeVisible();
      const first = page.getByRole('article').first();
      await expect(first.locator('img')).toHaveJSProperty('complete', true);
      expect(
        await first.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth),
      ).toBeGreaterThan(0);
      const name = (await first.getByRole('heading').textContent())!;
      const gameId = await first.getAttribute('aria-labelledby');
      expect(gameId).toMatch(/^game-/);

      // Play's icon and label sit centred in the button, not flush against its left edge (issue 50).
      const play = first.getByRole('link', { name: `${lo.layout.game.launch} ${name}` });
      const gaps = await play.evaluate((link) => {
        const box = link.getBoundingClientRect();
        const parts = [...link.children].map((child) => child.getBoundingClientRect());
        const left = Math.min(...parts.map((r) => r.left)) - box.left;
        const right = box.right - Math.max(...parts.map((r) => r.right));
        return { left, right };
      });
      expect(gaps.left).toBeGreaterThanOrEqual(8);
      expect(Math.abs(gaps.left - gaps.right)).toBeLessThanOrEqual(2);

      // Play asks them to log in, then opens that game.
      await play.click();
      await expect(page).toHaveURL(/\/login\?next=/);
      await page.locator('[data-hydrated="true"]').waitFor();
      await page.getByLabel(/ຊື່ຜູ້ໃຊ້/).fill(username);
      await page
        .getByLabel(/ລະຫັດຜ່ານ/)
        .first()
        .fill(password);
      const login = page.waitForResponse((res) => res.url().endsWith('/api/v2/players/login'));
      const launch = page.waitForResponse((res) => res.url().endsWith('/api/v2/games/launch'));
      await page
        .getByRole('button', { name: /ເຂົ້າສູ່ລະບົບ/ })
        .last()
        .click();
      // Each step says what it met, so a failure names the one that did not come.
      const loggedIn = await login;
      expect(loggedIn.status(), await loggedIn.text()).toBe(200);
      await expect(page).toHaveURL(
        new RegExp(`/player/game/gclub_live/play/${gameId!.slice('game-'.length)}$`),
      );
      expect(((await (await launch).json()) as { code?: string }).code).toBe('CREDIT_EMPTY');
      await expect(page.getByRole('dialog', { name })).toBeVisible();
    });

    test('no visitor page scrolls sideways, and none has a serious accessibility fault', async ({ page }) => {
      for (const path of VISITOR_PAGES) {
        await page.goto(path);
        await page.locator('#root:not([data-prerendered])').waitFor();
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page.getByRole('article').or(page.getByRole('region').first()).first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        const scrollWidth = await page.evaluate(() =>
          Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
        );
        expect(scrollWidth, `${path} at ${phone.width} px`).toBeLessThanOrEqual(phone.width);
        await expectAccessible(page);
      }
    });
  });
}

test('an address from elsewhere in ?next= is never followed after login', async ({
  page,
  request,
  baseURL,
}) => {
  const username = uniqueUsername('next');
  await registerViaApi(request, baseURL!, username);
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/player/game/gclub_live')}`);
  await page.locator('[data-hydrated="true"]').waitFor();
  await page.getByLabel(/ຊື່ຜູ້ໃຊ້/).fill(username);
  await page
    .getByLabel(/ລະຫັດຜ່ານ/)
    .first()
    .fill(password);
  await page
    .getByRole('button', { name: /ເຂົ້າສູ່ລະບົບ/ })
    .last()
    .click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/player\/game\/alphabet$/);
});
