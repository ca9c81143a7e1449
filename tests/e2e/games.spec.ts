import type { Page } from '@playwright/test';
import { expect, expectAccessible, isPhone, logIn, registerViaApi, test, uniqueUsername } from './fixtures';
import { accountNumber, addBankAccount, choose, depositViaApi, watchTakeOver, openApp } from './helpers';
import { lo } from './texts';

// The sandbox studio's own Lao texts (studio/src/texts.ts): what a player presses inside the game.
const STUDIO = { spin: 'ໝຸນ', deal: 'ແຈກໄພ່', firstCard: 'ໄພ່ໃບທີ 1' };

/**
 * A THB amount as shown ("1,153.84 THB", "1.153,84 THB", grouping by locale) → satang: amounts always carry
 * two decimals, so its digits alone are the satang.
 */
function satang(text: string): number {
  const figure = /(\d[\d.,\u00a0\u202f ]*\d)\s*THB/.exec(text)?.[1] ?? '';
  return Number(figure.replace(/\D/g, ''));
}

async function siteCreditCard(page: Page) {
  const card = page.getByRole('region', { name: lo.layout.game.credit });
  await expect(card).toContainText(/\d{2} THB/);
  return satang((await card.textContent()) ?? '');
}

test('a player deposits, plays a slot until the balance moves, finds the same credit on the site and withdraws', async ({
  page,
  request,
  baseURL,
}) => {
  // Twenty spins and four pages: the longest journey of the suite on a busy machine.
  test.setTimeout(90_000);
  const username = uniqueUsername('slot');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await addBankAccount(page, accountNumber());
  // 100,000 LAK at the seeded sell rate of 650 buys 153.84 THB.
  await depositViaApi(page, baseURL!, 'askmebet', 100000);

  // The menu's askmebet entry lands on its slot tab.
  await page.goto('/player/game/askmebet?tab=Slot');
  const tabs = page.getByRole('navigation', { name: lo.layout.game.tabs.label });
  await expect(tabs.getByRole('link', { name: lo.layout.categories.slot })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await siteCreditCard(page)).toBe(15384);
  await expect(page.getByRole('article').first().locator('img')).toHaveJSProperty('complete', true);
  await expectAccessible(page);

  await page.getByRole('link', { name: `${lo.layout.game.launch} Golden Naga` }).click();
  const view = page.getByRole('dialog', { name: 'Golden Naga' });
  await expect(view).toBeVisible();
  const game = page.frameLocator('iframe[title="Golden Naga"]');
  const balance = game.locator('.balance output');
  await expect(balance).toHaveText('153,84 THB');
  const spin = game.getByRole('button', { name: STUDIO.spin, exact: true });
  for (let round = 0; round < 20 && (await balance.textContent()) === '153,84 THB'; round += 1) {
    await spin.click();
    await expect(spin).toBeEnabled();
  }
  const providerBalance = satang((await balance.textContent()) ?? '');
  expect(providerBalance).not.toBe(15384);
  await expectAccessible(page);

  // Back in the lobby the site's credit is the provider's balance, in the page and in the API.
  await view.getByRole('link', { name: lo.layout.game.close }).click();
  await expect(view).toBeHidden();
  await expect.poll(() => siteCreditCard(page)).toBe(providerBalance);
  const api = (await (await page.request.get('/api/v2/players/credits/askmebet')).json()) as {
    credit: { amount: string };
  };
  expect(Math.round(Number(api.credit.amount) * 100)).toBe(providerBalance);

  await openApp(page, '/player/withdraw');
  await choose(page, lo.money.withdraw.provider, 'AskMeBet');
  await page.getByLabel(lo.money.withdraw.amount).fill('100');
  await page.getByRole('button', { name: lo.money.withdraw.submit }).click();
  await expect(page.getByText(lo.money.withdraw.success)).toBeVisible();
  await page.goto('/player/game/askmebet');
  await expect.poll(() => siteCreditCard(page)).toBe(providerBalance - 10000);
});

/**
 * Every listed game opens a session of its kind and plays a round on the server (server/test/studio.test.ts);
 * here, the browser draws each kind the studio has: every category of every provider, and every slot artwork
 * (each slot takes its symbols and colours from its own).
 */
test('a game of every kind and every slot artwork opens something playable', async ({
  page,
  request,
  baseURL,
}) => {
  // The kinds at one size are the point; the phone journey above covers the small screen.
  test.skip(isPhone(page), 'desktop only');
  test.setTimeout(240_000);
  const username = uniqueUsername('all');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  await depositViaApi(page, baseURL!, 'alphabet', 200000);
  // A launch needs credit at the game's provider: spread some from alphabet to the three others.
  for (const to of ['askmebet', 'gclub', 'gclub_live']) {
    const moved = await page.request.post('/api/v2/players/credits/move', {
      headers: { origin: baseURL!, 'idempotency-key': `e2e-move-${username}-${to}` },
      data: { from: 'alphabet', to, credit: 5000 },
    });
    expect(moved.status()).toBe(200);
  }

  const { games } = (await (await page.request.get('/api/v2/games')).json()) as {
    games: Array<{ id: string; provider: string; name: string; category: string; thumbnail: string }>;
  };
  expect(games.length).toBeGreaterThanOrEqual(60);
  const kinds = new Map<string, (typeof games)[number]>();
  for (const game of games) {
    const kind = `${game.provider} ${game.category} ${game.category === 'slot' ? game.thumbnail : ''}`;
    if (!kinds.has(kind)) kinds.set(kind, game);
  }
  for (const { id, provider, name } of kinds.values()) {
    await page.goto(`/player/game/${provider}/play/${id}`);
    const game = page.frameLocator(`iframe[title="${name}"]`);
    // The studio answers every kind of game with its own first control.
    await expect(
      game
        .getByRole('button', { name: STUDIO.spin, exact: true })
        .or(game.getByRole('button', { name: STUDIO.deal, exact: true }))
        .or(game.getByRole('button', { name: STUDIO.firstCard })),
      `${provider} ${id} ${name}`,
    ).toBeVisible();
  }
});

test("a provider's lobby arrives with its games: they show before any script has run, and the app takes the page over as it is", async ({
  page,
  browser,
  request,
  baseURL,
  watch,
}) => {
  // The new player has no credit: the game opened at the end is refused, as it should be.
  watch.allow('/api/v2/games/launch', 409);
  const username = uniqueUsername('lobby');
  await registerViaApi(request, baseURL!, username);
  await logIn(page, username);
  const { games } = (await (await page.request.get('/api/v2/games?provider=gclub')).json()) as {
    games: Array<{ id: string; name: string }>;
  };
  const first = games[0]!.name;

  // Without JavaScript (a slow phone before its scripts): the games are in the page itself.
  const still = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const bare = await still.newPage();
  await bare.goto(`${baseURL}/player/game/gclub`);
  await expect(bare.getByRole('heading', { name: first, exact: true })).toBeVisible();
  await still.close();

  // With it: the page is hydrated from the answers it came with, neither drawn again nor asked for again.
  const { drawnAgain, asked } = watchTakeOver(
    page,
    (url) => url.pathname === '/api/v2/games' && url.search !== '',
  );
  await page.goto('/player/game/gclub');
  await page.locator('#root:not([data-prerendered])').waitFor();
  await expect(page.getByRole('heading', { name: first, exact: true })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: lo.layout.game.tabs.label });
  await tabs.getByRole('link', { name: lo.layout.categories.casino }).click();
  await expect(tabs.getByRole('link', { name: lo.layout.categories.casino })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(drawnAgain()).toEqual([]);
  expect(asked).toEqual([]);

  // The category lobby (slots of every provider) arrives with its games the same way.
  await page.goto('/player/games');
  await page.locator('#root:not([data-prerendered])').waitFor();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(drawnAgain()).toEqual([]);
  expect(asked.filter((url) => url.includes('category=slot'))).toEqual([]);

  // A game opened by its address arrives with its title the same way.
  await page.goto(`/player/game/gclub/play/${games[0]!.id}`);
  await page.locator('#root:not([data-prerendered])').waitFor();
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  expect(drawnAgain()).toEqual([]);
  expect(asked).toEqual([]);
});
