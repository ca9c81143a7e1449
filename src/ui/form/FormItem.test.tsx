import { Form, Input, Radio } from 'antd';
import type { ReactElement } from 'react';
import { expectSameMarkup } from '../../../tests/unit/antdMarkup';
import { FormItem } from './FormItem';

/** antd's items are drawn in a vertical form, as the site's forms are. */
const inForm = (items: ReactElement) => (
  <Form layout="vertical" component={false}>
    {items}
  </Form>
);

describe('a form item', () => {
  it("is drawn exactly as antd's vertical Form.Item, so the same styles apply", () => {
    const hint = <span id="amount-hint">hint</span>;
    expectSameMarkup(
      <FormItem label="Amount" htmlFor="amount" required extra={hint}>
        <Input id="amount" />
      </FormItem>,
      inForm(
        <Form.Item label="Amount" htmlFor="amount" required extra={hint}>
          <Input id="amount" />
        </Form.Item>,
      ),
    );
    expectSameMarkup(
      <FormItem label="Optional" htmlFor="optional">
        <Input id="optional" />
      </FormItem>,
      inForm(
        <Form.Item label="Optional" htmlFor="optional">
          <Input id="optional" />
        </Form.Item>,
      ),
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
      inForm(
        <Form.Item label={label} required validateStatus="error" help={error} extra="hint">
          <Radio.Group options={options} />
          <Input id="x" />
        </Form.Item>,
      ),
    );
  });
});
