import type { Frame, Page } from '@playwright/test';
import { framesOf } from '../pageChecks';

/**
 * One theme (issue 27, item 6): antd's default primary blue and its palette never show through the
 * brand's red and gold, in any element's colours (its own and its ::before and ::after).
 */

/** antd's default blue palette (blue-1 to blue-10, v4's #1890ff, its focus outline), as rgb triplets. */
const DEFAULT_BLUES = [
  '230, 244, 255',
  '186, 224, 255',
  '145, 202, 255',
  '105, 177, 255',
  '64, 150, 255',
  '22, 119, 255',
  '9, 88, 217',
  '0, 62, 179',
  '0, 44, 140',
  '0, 29, 102',
  '24, 144, 255',
  '5, 145, 255',
  // The browser's own link colours, where no theme colour reaches a link.
  '0, 0, 238',
  '85, 26, 139',
];

function frameBlues(frame: Frame, where: string): Promise<string[]> {
  return frame.evaluate(
    ({ blues, where }) => {
      // Each colour counts only where it is painted: text colour where the element has text of its own,
      // a border or outline where there is one, a decoration where the text has it.
      const ownText = (el: Element) =>
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim());
      const painted = (el: Element, style: CSSStyleDeclaration, pseudo: string | null): string[] => {
        const text = pseudo ? style.content !== 'none' && style.content !== '""' : ownText(el);
        const properties = ['background-color', 'background-image', 'box-shadow', 'fill', 'stroke'];
        if (text) properties.push('color');
        for (const side of ['top', 'right', 'bottom', 'left'])
          if (
            style.getPropertyValue(`border-${side}-style`) !== 'none' &&
            parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0
          )
            properties.push(`border-${side}-color`);
        if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
          properties.push('outline-color');
        if (text && style.textDecorationLine !== 'none') properties.push('text-decoration-color');
        return properties;
      };
      const pattern = new RegExp(`rgba?\\((${blues.join('|')})[,)]`);
      const problems = new Set<string>();
      for (const el of document.querySelectorAll('body *')) {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(el, pseudo);
          if (pseudo && (style.content === 'none' || style.content === '')) continue;
          if (!pseudo && el.getClientRects().length === 0) continue;
          if (style.visibility === 'hidden') continue;
          for (const property of painted(el, style, pseudo)) {
            const value = style.getPropertyValue(property);
            if (!pattern.test(value)) continue;
            const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}${pseudo ?? ''}`;
            problems.add(`${where}: ${name} ${property} ${value}`);
          }
        }
      }
      return [...problems];
    },
    { blues: DEFAULT_BLUES, where },
  );
}

export async function defaultBlues(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const frame of framesOf(page)) problems.push(...(await frameBlues(frame, where)));
  return problems;
}
