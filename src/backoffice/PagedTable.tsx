import type { ColumnsType } from 'antd/es/table';
import { ListTable } from '@/backoffice/ListTools';

/** The page size of every list paged on the server. */
export const PAGE_SIZE = 20;

/** A page of a list as the staff operations answer it. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * A list paged on the server: one page of rows, the pager over the total, in a scrolling region named
 * `label`. The caller holds the page number (it is part of its query).
 */
export function PagedTable<T extends object>({
  label,
  rowKey,
  columns,
  data,
  loading,
  page,
  onPage,
}: {
  label: string;
  rowKey: string | ((row: T) => string);
  columns: ColumnsType<T>;
  data: ListPage<T> | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <ListTable<T>
      label={label}
      rowKey={rowKey}
      columns={columns}
      rows={data?.items ?? []}
      loading={loading && !data}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: data?.total ?? 0,
        showSizeChanger: false,
        onChange: onPage,
      }}
    />
  );
}

/** Every row of a list paged on the server, 100 a page, up to 10,000 rows: what a CSV export writes. */
export async function allPages<T>(fetchPage: (page: number) => Promise<ListPage<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= 100; page += 1) {
    const found = await fetchPage(page);
    rows.push(...found.items);
    if (rows.length >= found.total || found.items.length === 0) break;
  }
  return rows;
}
