import type { Frame, Page } from '@playwright/test';
import { framesOf } from '../pageChecks';

/**
 * Touch targets on phones (issue 27, item 4; WCAG 2.2 target size): every action, chip, tab, menu item,
 * pagination item, confirm button and field is at least 44×44 px (fields 44 px tall: issue 50, item 5), and
 * nothing a player can tap is under 24×24 px. A link inside a sentence is the exception WCAG makes (its
 * size is the text's).
 */

const MIN = 44;
const FLOOR = 24;

/** What is too small to tap on the frame's screen, named as a player would find it. */
function frameTargets(frame: Frame, where: string): Promise<string[]> {
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
        const el =
          field.closest('.ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-select') ?? field;
        if (!visible(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width < floor - 0.5 || r.height < min - 0.5)
          problems.push(`${where}: field "${name(el)}" is ${Math.round(r.width)}×${Math.round(r.height)} px`);
      }
      return problems;
    },
    { min: MIN, floor: FLOOR, where },
  );
}

export async function smallTargets(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const frame of framesOf(page)) problems.push(...(await frameTargets(frame, where)));
  return problems;
}
