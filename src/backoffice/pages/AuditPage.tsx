import { Alert, DatePicker, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditEntry, backofficeApi, useListAuditEntriesQuery } from '@/backoffice/api';
import type { CsvColumn } from '@/backoffice/csv';
import { formatTime } from '@/backoffice/format';
import { AuditDiff } from '@/backoffice/AuditDiff';
import { ExportButton, SearchBox } from '@/backoffice/ListTools';
import { allPages, PAGE_SIZE, PagedTable } from '@/backoffice/PagedTable';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

interface Filter {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

const DAY = 'YYYY-MM-DD';

/**
 * The audit log, newest first, with whether its hash chain is whole: narrowed by who, what, on what and
 * when (Vientiane days), each row showing what it changed.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const { data, isFetching } = useListAuditEntriesQuery({ ...filter, page, pageSize: PAGE_SIZE });
  const [fetchPage] = backofficeApi.endpoints.listAuditEntries.useLazyQuery();
  const narrow = (change: Filter) => {
    setFilter((f) => ({ ...f, ...change }));
    setPage(1);
  };
  const columns: ColumnsType<AuditEntry> = [
    { title: '#', dataIndex: 'seq' },
    { title: t('audit.at'), dataIndex: 'at', render: (v: string) => formatTime(v) },
    { title: t('audit.actor'), dataIndex: 'actor' },
    { title: t('audit.action'), dataIndex: 'action' },
    { title: t('audit.target'), dataIndex: 'target' },
    {
      title: t('audit.change'),
      key: 'change',
      render: (_, e) => <AuditDiff before={e.before} after={e.after} />,
    },
    { title: t('audit.address'), dataIndex: 'address' },
  ];
  const keys = ['seq', 'at', 'actor', 'action', 'target', 'before', 'after', 'address'] as const;
  const csvColumns: CsvColumn<AuditEntry>[] = keys.map((k) => ({
    title: k,
    value: (e) => (k === 'before' || k === 'after' ? json(e[k]) : e[k]),
  }));
  const today = dayjs();
  return (
    <>
      {data && (
        <Alert
          role={data.chain.intact ? 'status' : 'alert'}
          type={data.chain.intact ? 'success' : 'error'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            data.chain.intact
              ? t('audit.intact', { rows: data.chain.rows })
              : t('audit.broken', { row: data.chain.brokenAt })
          }
        />
      )}
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchBox
          label={t('audit.actor')}
          placeholder="staff:noy"
          width={200}
          onSearch={(actor) => narrow({ actor })}
        />
        <SearchBox
          label={t('audit.action')}
          placeholder="withdrawal"
          width={200}
          onSearch={(action) => narrow({ action: action?.toLowerCase().replace(/\s+/g, '') })}
        />
        <SearchBox
          label={t('audit.target')}
          placeholder="somchai"
          width={200}
          onSearch={(target) => narrow({ target })}
        />
        <DatePicker.RangePicker
          aria-label={t('audit.days')}
          format={DAY}
          allowEmpty={[true, true]}
          presets={[
            { label: t('range.today'), value: [today, today] },
            { label: t('range.yesterday'), value: [today.subtract(1, 'day'), today.subtract(1, 'day')] },
            { label: t('range.week'), value: [today.subtract(6, 'day'), today] },
            { label: t('range.month'), value: [today.startOf('month'), today] },
          ]}
          onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
            narrow({ from: range?.[0]?.format(DAY), to: range?.[1]?.format(DAY) })
          }
        />
        <ExportButton
          name="audit.csv"
          columns={csvColumns}
          rows={() => allPages((p) => fetchPage({ ...filter, page: p, pageSize: 100 }).unwrap())}
        />
      </Space>
      <PagedTable<AuditEntry>
        label={t('menu.audit')}
        rowKey="seq"
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        onPage={setPage}
      />
    </>
  );
}
