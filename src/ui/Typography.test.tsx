import { Typography as AntdTypography } from 'antd';
import { expectSameMarkup } from '../../tests/unit/antdMarkup';
import { Typography } from './Typography';

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
