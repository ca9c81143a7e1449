import type { Frame, Page } from '@playwright/test';
import { expect, isPhone, password, registerViaApi, test, uniqueUsername } from './fixtures';
import { framesOf, openSettled, waitForStillness } from './pageChecks';
import { GAME_VIEW_WITHOUT_CREDIT, PLAYER_PAGES, PUBLIC_PAGES } from './pages';
import { depositViaApi, openDepositViaApi } from './helpers';
import { lo } from './texts';

/**
 * Touch targets on phones (issue 27, item 4; WCAG 2.2 target size): every action, chip, tab, menu item,
 * pagination item and confirm button is at least 44×44 px, and nothing a player can tap is under 24×24 px.
 * A link inside a sentence is the exception WCAG makes (its size is the text's).
 */

const MIN = 44;
const FLOOR = 24;

/** What is too small to tap on the frame's screen, named as a player would find it. */
function smallTargets(frame: Frame, where: string): Promise<string[]> {
  return frame.evaluate(
    ({ min, floor, where }) => {
      const ACTIONS = [
        'button',
        'a[href]',
        'summary',
        'select',
        '[role=button]',
        '[role=tab]',
        '[role=menuitem]',
        '[role=switch]',
        '[role=link]',
        '[role=option]',
        '.ant-pagination-item',
        '.ant-segmented-item',
        '.ant-radio-button-wrapper',
        '.ant-radio-wrapper',
        '.ant-checkbox-wrapper',
      ].join(',');
      const FIELDS = 'input:not([type=hidden]):not([type=radio]):not([type=checkbox]), textarea';
      const visible = (el: Element) => {
        if (el.closest('[aria-hidden=true], [inert], .ant-popover-hidden, .ant-dropdown-hidden'))
          return false;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
          return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      };
      // WCAG's inline exception: a link in a sentence, with words of the sentence beside it.
      const inSentence = (el: Element) =>
        el.tagName === 'A' &&
        getComputedStyle(el).display === 'inline' &&
        [...(el.parentElement?.childNodes ?? [])].some(
          (node) => node.nodeType === Node.TEXT_NODE && /\p{L}/u.test(node.textContent ?? ''),
        );
      const name = (el: Element) =>
        (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName)
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 30);
      const problems: string[] = [];
      const seen = new Set<Element>();
      for (const el of document.querySelectorAll(ACTIONS)) {
        // An antd radio or checkbox is tapped on its label, which holds it.
        const target =
          el.closest('.ant-radio-button-wrapper, .ant-radio-wrapper, .ant-checkbox-wrapper') ?? el;
        // A visually hidden control (the skip link until it is focused) is not a target yet.
        const box = target.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        if (seen.has(target) || !visible(target) || inSentence(target)) continue;
        seen.add(target);
        const r = target.getBoundingClientRect();
        if (r.width < min - 0.5 || r.height < min - 0.5)
          problems.push(`${where}: "${name(target)}" is ${Math.round(r.width)}×${Math.round(r.height)} px`);
      }
      for (const field of document.querySelectorAll(FIELDS)) {
        // A field with a prefix or suffix is tapped anywhere in its frame, which focuses it.
        const el = field.closest('.ant-input-affix-wrapper, .ant-input-number') ?? field;
        if (!visible(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width < floor - 0.5 || r.height < floor - 0.5)
          problems.push(`${where}: field "${name(el)}" is ${Math.round(r.width)}×${Math.round(r.height)} px`);
      }
      return problems;
    },
    { min: MIN, floor: FLOOR, where },
  );
}

async function pageProblems(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const frame of framesOf(page)) problems.push(...(await smallTargets(frame, where)));
  return problems;
}

test('every action, chip and confirm button on a phone is at least 44×44 px', async ({
  page,
  request,
  baseURL,
  watch,
}) => {
  test.skip(!isPhone(page), 'phones only');
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 360, height: 800 });
  watch.allow('/api/v2/games/launch', 409);
  for (const path of PUBLIC_PAGES) {
    await openSettled(page, path);
    expect.soft(await pageProblems(page, path), path).toEqual([]);
  }

  const username = uniqueUsername('tap');
  await registerViaApi(request, baseURL!, username);
  const login = await page.request.post('/api/v2/players/login', {
    headers: { origin: baseURL! },
    data: { username, password },
  });
  expect(login.ok()).toBe(true);
  for (const path of [...PLAYER_PAGES, GAME_VIEW_WITHOUT_CREDIT]) {
    await openSettled(page, path);
    expect.soft(await pageProblems(page, path), path).toEqual([]);
  }

  // The drawer with the player's menu and the languages.
  await openSettled(page, '/player/deposit');
  await page.getByRole('button', { name: lo.layout.drawer.open }).click();
  await waitForStillness(page);
  expect.soft(await pageProblems(page, 'the drawer'), 'the drawer').toEqual([]);
  await page.keyboard.press('Escape');

  // A game being played, the studio's own page in its frame.
  await depositViaApi(page, baseURL!, 'alphabet', 94_000);
  await openSettled(page, '/player/game/alphabet');
  await page.locator('a[href^="/player/game/alphabet/play/"]:not([aria-hidden])').first().click();
  const game = page.frameLocator('iframe').first();
  await expect(game.getByRole('button').first()).toBeVisible();
  await waitForStillness(page);
  expect.soft(await pageProblems(page, 'a game'), 'a game').toEqual([]);

  // The confirm buttons of cancelling a deposit: an unpaid deposit's dialog.
  await openDepositViaApi(page, baseURL!, 'alphabet', 94_000);
  await openSettled(page, '/player/deposit');
  await page.getByRole('button', { name: lo.money.deposit.open.show }).click();
  await page.getByRole('button', { name: lo.money.deposit.dialog.cancelOrder }).click();
  await expect(page.locator('.ant-popconfirm')).toBeVisible();
  await waitForStillness(page);
  expect.soft(await pageProblems(page, 'cancelling a deposit'), 'cancelling a deposit').toEqual([]);
});
