import { Button, Drawer, Input, Table } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvColumn, downloadCsv, toCsv } from '@/backoffice/csv';
import { ScrollRegion } from '@/backoffice/ScrollRegion';

/**
 * A search field of a list: what was typed, trimmed, or `undefined` once cleared (so the query drops the
 * filter instead of searching for an empty string).
 */
export function SearchBox({
  label,
  placeholder = label,
  width = 240,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  width?: number;
  onSearch: (value: string | undefined) => void;
}) {
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      allowClear
      // Never wider than a phone's page (the content's padding is 16 px a side).
      style={{ width: `min(${width}px, calc(100vw - 32px))` }}
      onSearch={(value) => onSearch(value.trim() || undefined)}
    />
  );
}

/** The CSV export of a list: `rows` gives every row (all pages of a list paged on the server). */
export function ExportButton<T>({
  name,
  columns,
  rows,
  disabled = false,
}: {
  name: string;
  columns: readonly CsvColumn<T>[];
  rows: () => Promise<T[]> | T[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const exportAll = async () => downloadCsv(name, toCsv(columns, await rows()));
  return (
    <Button onClick={() => void exportAll()} disabled={disabled}>
      {t('exportCsv')}
    </Button>
  );
}

/**
 * A list in a scrolling region named `label`: by default a whole list the server answers at once, paged on
 * screen; `pagination` pages it on the server instead (PagedTable).
 */
export function ListTable<T extends object>({
  label,
  rowKey,
  columns,
  rows,
  loading,
  emptyText,
  pageSize = 20,
  pagination,
}: {
  label: string;
  rowKey: string | ((row: T) => string);
  columns: ColumnsType<T>;
  rows: T[];
  loading: boolean;
  emptyText?: string;
  pageSize?: number;
  pagination?: TablePaginationConfig;
}) {
  const { t } = useTranslation();
  return (
    <ScrollRegion label={label}>
      <Table<T>
        rowKey={rowKey}
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={pagination ?? { pageSize, hideOnSinglePage: true }}
        locale={{ emptyText: emptyText ?? t('empty') }}
      />
    </ScrollRegion>
  );
}

/** The drawer a list row opens, with a close button screen readers can name. */
export function DetailDrawer({
  title,
  open,
  onClose,
  size,
  children,
}: {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  size?: 'large';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      closeIcon={<span aria-label={t('close')}>×</span>}
    >
      {children}
    </Drawer>
  );
}
