import type { APIRequestContext, Frame, Page } from '@playwright/test';
import { expect, password, registerViaApi, test, uniqueUsername } from './fixtures';
import { depositViaApi } from './helpers';
import { framesOf, openSettled } from './pageChecks';
import { GAME_VIEW_WITHOUT_CREDIT, PLAYER_PAGES, PUBLIC_PAGES, type Language } from './pages';

/**
 * No English on a page in Lao, Thai or Chinese (issue 27, item 6): every word in Latin letters a player
 * reads (text, and the names given to controls, fields and pictures) is a name: the agency's, a provider's,
 * a game's, a bank's, a currency code. Vietnamese is written in Latin letters, so it is left out here.
 */

/** Names the site shows as they are, in every language. */
const NAMES = [
  'Lao Star',
  'Alphabet',
  'AskMeBet',
  'GClub',
  'GClub Live',
  'LAO QR',
  'QR',
  'BCEL',
  'BCEL One',
  'THB',
  'LAK',
  'USD',
  'Telegram',
  'WhatsApp',
  'Facebook',
  'Twitter',
  'LINE',
  'Line',
  'X',
  // The footer's short bank names.
  'Kasikorn',
  'LVB',
  // A signed-in device as its browser names itself, and its address.
  'Chrome',
  'Android',
  'Windows',
  'macOS',
  'Linux',
  'iPhone',
  'IP',
  'SA Gaming',
  'Sexy Baccarat',
  'Tiếng Việt',
  // The not-found page's words, as the spec gives them (docs/player-site.md §2), marked lang="en".
  'Not Found',
];

/** Every name the catalogue's answers give: games and banks are named by their makers. */
async function catalogueNames(request: APIRequestContext): Promise<string[]> {
  const games = (await (await request.get('/api/v2/games')).json()) as { games: Array<{ name: string }> };
  const banks = (await (await request.get('/api/v2/banks')).json()) as { banks: Array<{ name: string }> };
  return [...games.games.map((g) => g.name), ...banks.banks.map((b) => b.name)];
}

function latinWords(frame: Frame, where: string, allowed: string[]): Promise<string[]> {
  return frame.evaluate(
    ({ allowed, where }) => {
      const texts: string[] = [document.title];
      // What a reader meets: the visible text, and the names of controls, fields and pictures.
      texts.push(document.body.innerText);
      for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
        for (const attribute of ['aria-label', 'placeholder', 'title', 'alt'])
          texts.push(el.getAttribute(attribute) ?? '');
      }
      let text = texts.join('\n');
      // Longest names first, so "GClub Live" goes before "GClub".
      for (const name of [...allowed].sort((a, b) => b.length - a.length)) text = text.split(name).join(' ');
      // Words of two or more Latin letters standing alone: codes and user names mix in digits.
      const words = text.match(/(?<![\p{L}\p{N}_-])[A-Za-z]{2,}(?![\p{L}\p{N}_-])/gu) ?? [];
      return [...new Set(words)].map((word) => `${where}: ${word}`);
    },
    { allowed, where },
  );
}

async function pageWords(page: Page, where: string, allowed: string[]): Promise<string[]> {
  const words: string[] = [];
  for (const frame of framesOf(page)) words.push(...(await latinWords(frame, where, allowed)));
  return words;
}

for (const lng of ['lo', 'th', 'cn'] as const satisfies Language[]) {
  test(`no English word on a page in ${lng}`, async ({ page, request, baseURL, watch }) => {
    test.setTimeout(420_000);
    watch.allow('/api/v2/games/launch', 409);
    const username = uniqueUsername(`w${lng}`);
    await registerViaApi(request, baseURL!, username);
    const login = { headers: { origin: baseURL! }, data: { username, password } };
    // The catalogue's names, read with a session of the test's own (the browser is still a visitor).
    expect((await request.post('/api/v2/players/login', login)).ok()).toBe(true);
    const allowed = [...NAMES, username, ...(await catalogueNames(request))];
    await page.addInitScript((language) => localStorage.setItem('i18nextLng', language), lng);
    for (const path of PUBLIC_PAGES) {
      await openSettled(page, path, lng);
      expect.soft(await pageWords(page, path, allowed), path).toEqual([]);
    }
    expect((await page.request.post('/api/v2/players/login', login)).ok()).toBe(true);
    for (const path of [...PLAYER_PAGES, GAME_VIEW_WITHOUT_CREDIT]) {
      await openSettled(page, path, lng);
      expect.soft(await pageWords(page, path, allowed), path).toEqual([]);
    }
    // A slot being played, with its pay table open: the studio's own page in its frame.
    await depositViaApi(page, baseURL!, 'alphabet', 94_000);
    await openSettled(page, '/player/game/alphabet', lng);
    await page.locator('a[href^="/player/game/alphabet/play/"]:not([aria-hidden])').first().click();
    const game = page.frameLocator('iframe').first();
    await expect(game.getByRole('button').first()).toBeVisible();
    await game
      .locator('details summary')
      .evaluateAll((summaries) => summaries.forEach((s) => s.parentElement?.setAttribute('open', '')));
    expect.soft(await pageWords(page, 'a game', allowed), 'a game').toEqual([]);
  });
}

test('a visitor who chose Chinese never sees the Lao page first, even without the language cookie', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('i18nextLng', 'cn');
    // What is on screen, frame by frame, until the page is in Chinese: any Lao text the visitor could read.
    const seen: string[] = [];
    Object.assign(window, { laoSeen: seen });
    const look = () => {
      const root = document.getElementById('root');
      const text = root && getComputedStyle(root).visibility !== 'hidden' ? root.innerText : '';
      if (/[\u0E80-\u0EFF]/.test(text)) seen.push(text.slice(0, 40));
      if (document.documentElement.lang !== 'zh-Hans') requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  // The choice was made before the cookie existed (or the cookie expired): the server cannot know it.
  await page.context().clearCookies();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.locator('h1').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { laoSeen: string[] }).laoSeen)).toEqual([]);
  // The next page comes from the server in the right language at once.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'lang')?.value).toBe('cn');
});
