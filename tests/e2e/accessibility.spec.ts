import { expect, expectAccessible, password, registerViaApi, test, uniqueUsername } from './fixtures';
import { openSettled } from './pageChecks';
import { GAME_VIEW_WITHOUT_CREDIT, HTML_LANG, PLAYER_PAGES, PUBLIC_PAGES } from './pages';
import { cn, lo, th, vn } from './texts';

const LAYOUT = { lo: lo.layout, th: th.layout, cn: cn.layout, vn: vn.layout };

for (const lng of ['lo', 'th', 'cn', 'vn'] as const) {
  test(`every page in ${lng} has no serious or critical axe violations, logged out and logged in`, async ({
    page,
    request,
    baseURL,
    watch,
  }) => {
    test.setTimeout(180_000);
    // The game view of a player without credit: its refusal is the page under test.
    watch.allow('/api/v2/games/launch', 409);
    await page.addInitScript((language) => localStorage.setItem('i18nextLng', language), lng);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator('main h1, [role=main] h1, h1').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lng]);
      await expectAccessible(page);
    }
    const username = uniqueUsername(`a11y${lng}`);
    await registerViaApi(request, baseURL!, username);
    // The page's request context shares the browser's cookies: this logs the browser in.
    const login = await page.request.post('/api/v2/players/login', {
      headers: { origin: baseURL! },
      data: { username, password },
    });
    expect(login.ok()).toBe(true);
    // The game view of a player without credit: its refusal is the page under test.
    for (const path of [...PLAYER_PAGES, GAME_VIEW_WITHOUT_CREDIT]) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      // A form drawn before its answers is checked once they are in and its colours have settled (the
      // send button fades from disabled to primary): mid-fade colours are not what the player reads.
      await expect(page.locator('form[aria-busy]')).toHaveCount(0);
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        ),
      );
      await expectAccessible(page);
    }
    // The open drawer: the player menu and the language choice, from a page the app has taken over (the
    // game view covers the navbar, and a pre-rendered page's menu button waits for the app).
    await openSettled(page, '/player/deposit', lng);
    await page.getByRole('button', { name: LAYOUT[lng].drawer.open }).click();
    await expect(page.getByRole('group', { name: LAYOUT[lng].language.title })).toBeVisible();
    // Checked once it has slid in (spinners loop forever: not waited for): colours mid-transition are not
    // what the player reads.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    await expectAccessible(page);
  });
}
