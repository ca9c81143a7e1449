import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
// The table's styles load with the pages that show one (src/prerender/antdComponents.ts).
import '@build/antd/antd-table.css';

/** A page of a history, as antd's table draws it. */
export interface HistoryTableProps<Row extends object> {
  rows: Row[];
  rowKey: keyof Row & string;
  columns: NonNullable<TableProps<Row>['columns']>;
  loading: boolean;
  pagination: TableProps<Row>['pagination'];
  /** What the table says when the page has no rows. */
  empty: ReactNode;
}

/** The histories' table, for wide screens. Drawn through `LazyHistoryTable` (./lazyHistoryTable.ts). */
export default function HistoryTable<Row extends object>(props: HistoryTableProps<Row>) {
  const { rows, rowKey, columns, loading, pagination, empty } = props;
  return (
    <Table<Row>
      rowKey={rowKey}
      loading={loading}
      dataSource={rows}
      pagination={pagination}
      locale={{ emptyText: empty }}
      scroll={{ x: true }}
      columns={columns}
    />
  );
}
