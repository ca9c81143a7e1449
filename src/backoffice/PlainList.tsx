import type { ReactNode } from 'react';
import { Typography } from 'antd';

/**
 * A small list of lines, or a text when there are none: what the detail drawers show. Plain markup, as
 * antd's List is deprecated.
 */
export function PlainList<T>({
  items,
  empty,
  render,
}: {
  items: readonly T[];
  empty: string;
  render: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <ul style={{ listStyle: 'none', margin: '0 0 16px', padding: 0 }}>
      {items.map((item, i) => (
        <li key={i} style={{ padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
