import type { Frame, Page } from '@playwright/test';
import { framesOf } from '../pageChecks';

/**
 * Icons a screen reader reads out (issue 50, item 5): every icon is hidden from screen readers or named in
 * the page's language. antd's own icons name themselves after their shape in English ("left", "right",
 * "info-circle", "close-circle"), in every language, Vietnamese included.
 */
function frameIcons(frame: Frame, where: string): Promise<string[]> {
  return frame.evaluate(
    (where) =>
      [...document.querySelectorAll('[role=img][aria-label], .anticon[aria-label]')]
        .filter((icon) => !icon.closest('[aria-hidden=true]'))
        .map((icon) => icon.getAttribute('aria-label') ?? '')
        .filter((label) => /^[a-z]+(-[a-z]+)*$/.test(label))
        .map((label) => `${where}: an icon named "${label}"`),
    where,
  );
}

export async function iconsNamedInEnglish(page: Page, where: string): Promise<string[]> {
  const icons: string[] = [];
  for (const frame of framesOf(page)) icons.push(...(await frameIcons(frame, where)));
  return icons;
}
