import { expect, test } from './fixtures';

/**
 * The first paint is in the visitor's stored language (issue 27, item 6). The words of every page in its
 * language are checked with the other page-wide checks (pageSweep.spec.ts).
 */

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
