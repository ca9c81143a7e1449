import { render } from '@testing-library/react';
import { ConfigProvider, Form, Input, Radio } from 'antd';
import type { ReactElement } from 'react';
import { theme } from '../theme';
import { FormItem } from './FormItem';

/** What the element draws, in the site's theme. */
function drawn(element: ReactElement): Element {
  return render(<ConfigProvider theme={theme}>{element}</ConfigProvider>).container;
}

/** The same elements, classes, attributes and text. */
function expectSameMarkup(mine: ReactElement, antds: ReactElement) {
  const [a, b] = [
    drawn(mine),
    drawn(
      <Form layout="vertical" component={false}>
        {antds}
      </Form>,
    ),
  ];
  // On a difference, the two markups side by side say where.
  if (!a.isEqualNode(b)) expect(a.innerHTML).toBe(b.innerHTML);
  expect(a.isEqualNode(b)).toBe(true);
}

describe('a form item', () => {
  it("is drawn exactly as antd's vertical Form.Item, so the same styles apply", () => {
    const hint = <span id="amount-hint">hint</span>;
    expectSameMarkup(
      <FormItem label="Amount" htmlFor="amount" required extra={hint}>
        <Input id="amount" />
      </FormItem>,
      <Form.Item label="Amount" htmlFor="amount" required extra={hint}>
        <Input id="amount" />
      </Form.Item>,
    );
    expectSameMarkup(
      <FormItem label="Optional" htmlFor="optional">
        <Input id="optional" />
      </FormItem>,
      <Form.Item label="Optional" htmlFor="optional">
        <Input id="optional" />
      </Form.Item>,
    );
  });

  it('draws an error under the control and the antd control in error, as Form.Item does', () => {
    const label = <span id="group-label">Provider</span>;
    const error = <span id="group-error">Choose one</span>;
    const options = ['a', 'b'];
    expectSameMarkup(
      <FormItem label={label} required error={error} extra="hint">
        <Radio.Group options={options} />
        <Input id="x" />
      </FormItem>,
      <Form.Item label={label} required validateStatus="error" help={error} extra="hint">
        <Radio.Group options={options} />
        <Input id="x" />
      </Form.Item>,
    );
  });
});
