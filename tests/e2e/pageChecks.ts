import type { Frame, Page } from '@playwright/test';
import { expect } from './fixtures';
import { HTML_LANG, type Language } from './pages';

/**
 * Opens a page and waits until it reads as the player will read it: in its language, taken over by the
 * app, its forms' answers in and its colours settled (transitions finished; endless spinners not waited for).
 */
export async function openSettled(page: Page, path: string, lng: Language = 'lo'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lng]);
  await page.locator('#root:not([data-prerendered])').waitFor();
  await expect(page.locator('form[aria-busy]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await waitForStillness(page);
}

/** Waits until nothing but endless animations runs (a drawer slid in, a dialog faded in). */
export async function waitForStillness(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** The page's frames that draw something: the page itself and a game's frame. */
export function framesOf(page: Page): Frame[] {
  return page.frames().filter((frame) => frame.url().startsWith('http'));
}
