import { render } from '@testing-library/react';
import { ConfigProvider, Typography as AntdTypography } from 'antd';
import type { ReactElement } from 'react';
import { theme } from './theme';
import { Typography } from './Typography';

/** What the elements draw, in the site's theme. */
function drawn(element: ReactElement): Element {
  return render(<ConfigProvider theme={theme}>{element}</ConfigProvider>).container;
}

function expectSameMarkup(mine: ReactElement, antds: ReactElement) {
  const [a, b] = [drawn(mine), drawn(antds)];
  // On a difference, the two markups side by side say where.
  if (!a.isEqualNode(b)) expect(a.innerHTML).toBe(b.innerHTML);
  expect(a.isEqualNode(b)).toBe(true);
}

describe('text, paragraphs and headings', () => {
  it("are drawn exactly as antd's Typography draws them, so the same styles apply", () => {
    const draw = (T: typeof Typography | typeof AntdTypography) => (
      <>
        <T.Text>plain</T.Text>
        <T.Text type="secondary" strong style={{ fontSize: 12 }} role="status" aria-live="polite">
          secondary, strong
        </T.Text>
        <T.Text type="danger">danger</T.Text>
        <T.Paragraph className="note" aria-live="polite">
          paragraph
        </T.Paragraph>
        <T.Paragraph type="success">success</T.Paragraph>
        <T.Text type="warning">warning</T.Text>
        <T.Title level={2} style={{ margin: 0 }}>
          heading
        </T.Title>
        <T.Title>top heading</T.Title>
      </>
    );
    expectSameMarkup(draw(Typography), draw(AntdTypography));
  });
});
