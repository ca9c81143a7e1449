import { Card } from 'antd';
import { expectSameMarkup } from '../../tests/unit/antdMarkup';
import { Panel } from './Panel';

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
