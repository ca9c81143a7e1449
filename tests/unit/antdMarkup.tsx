import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { theme } from '@/ui/theme';

/** What the element draws, in the site's theme. */
function drawn(element: ReactElement): Element {
  return render(<ConfigProvider theme={theme}>{element}</ConfigProvider>).container;
}

/**
 * The site's light stand-in for an antd component draws the same elements, classes, attributes and text as
 * antd's own, so antd's styles apply to it alike.
 */
export function expectSameMarkup(mine: ReactElement, antds: ReactElement): void {
  const [a, b] = [drawn(mine), drawn(antds)];
  // On a difference, the two markups side by side say where.
  if (!a.isEqualNode(b)) expect(a.innerHTML).toBe(b.innerHTML);
  expect(a.isEqualNode(b)).toBe(true);
}
