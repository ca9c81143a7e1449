import type { Frame, Page } from '@playwright/test';
import { framesOf } from '../pageChecks';

/**
 * One number format everywhere (issue 50, item 4): the site and the studio write decimals with a comma
 * (core/numberFormat.ts), so a number with a point before one or two last digits ("100.50", "0.95:1") was
 * written another way. Groups of three after a point are thousands ("100.000"); an address such as
 * 203.0.113.7 is not a number.
 */
function frameNumbers(frame: Frame, where: string): Promise<string[]> {
  return frame.evaluate((where) => {
    const texts: string[] = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (el.closest('[aria-hidden=true]')) continue;
      for (const attribute of ['aria-label', 'placeholder', 'title'])
        texts.push(el.getAttribute(attribute) ?? '');
    }
    // What a field holds is the player's own typing or a code (the QR text), not a number the site wrote.
    const found = texts.join('\n').match(/(?<![\d.])\d+\.\d{1,2}(?![\d.])/g) ?? [];
    return [...new Set(found)].map((number) => `${where}: ${number}`);
  }, where);
}

export async function pointDecimals(page: Page, where: string): Promise<string[]> {
  const numbers: string[] = [];
  for (const frame of framesOf(page)) numbers.push(...(await frameNumbers(frame, where)));
  return numbers;
}
