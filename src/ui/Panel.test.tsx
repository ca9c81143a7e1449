import { render } from '@testing-library/react';
import { Card, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { theme } from './theme';
import { Panel } from './Panel';

/** What the element draws, in the site's theme. */
function drawn(element: ReactElement): Element {
  return render(<ConfigProvider theme={theme}>{element}</ConfigProvider>).container;
}

/** The same elements, classes and attributes (in any order) and text. */
function expectSameMarkup(panel: ReactElement, card: ReactElement) {
  const [mine, antds] = [drawn(panel), drawn(card)];
  // On a difference, the two markups side by side say where.
  if (!mine.isEqualNode(antds)) expect(mine.innerHTML).toBe(antds.innerHTML);
  expect(mine.isEqualNode(antds)).toBe(true);
}

describe('a panel', () => {
  it("is drawn exactly as antd's Card, so the same styles apply", () => {
    const more = <a href="/x">more</a>;
    expectSameMarkup(
      <Panel title="Title" extra={more}>
        Body
      </Panel>,
      <Card title="Title" extra={more}>
        Body
      </Card>,
    );
    expectSameMarkup(
      <Panel size="small" role="listitem" style={{ width: '100%' }}>
        Body
      </Panel>,
      <Card size="small" role="listitem" style={{ width: '100%' }}>
        Body
      </Card>,
    );
    expectSameMarkup(<Panel title="Only a head" />, <Card title="Only a head" />);
  });
});
