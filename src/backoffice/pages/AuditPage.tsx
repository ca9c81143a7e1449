import { Alert, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditEntry, backofficeApi, useListAuditEntriesQuery } from '@/backoffice/api';
import type { CsvColumn } from '@/backoffice/csv';
import { formatTime } from '@/backoffice/format';
import { ExportButton, SearchBox } from '@/backoffice/ListTools';
import { allPages, PAGE_SIZE, PagedTable } from '@/backoffice/PagedTable';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The audit log, newest first, with whether its hash chain is whole. */
export function AuditPage() {
  const { t } = useTranslation();
  const [actor, setActor] = useState<string>();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useListAuditEntriesQuery({ actor, page, pageSize: PAGE_SIZE });
  const [fetchPage] = backofficeApi.endpoints.listAuditEntries.useLazyQuery();
  const columns: ColumnsType<AuditEntry> = [
    { title: '#', dataIndex: 'seq' },
    { title: t('audit.at'), dataIndex: 'at', render: (v: string) => formatTime(v) },
    { title: t('audit.actor'), dataIndex: 'actor' },
    { title: t('audit.action'), dataIndex: 'action' },
    { title: t('audit.target'), dataIndex: 'target' },
    { title: t('audit.before'), dataIndex: 'before', render: json },
    { title: t('audit.after'), dataIndex: 'after', render: json },
    { title: t('audit.address'), dataIndex: 'address' },
  ];
  const keys = ['seq', 'at', 'actor', 'action', 'target', 'before', 'after', 'address'] as const;
  const csvColumns: CsvColumn<AuditEntry>[] = keys.map((k) => ({
    title: k,
    value: (e) => (k === 'before' || k === 'after' ? json(e[k]) : e[k]),
  }));
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
          width={280}
          onSearch={(value) => {
            setActor(value);
            setPage(1);
          }}
        />
        <ExportButton
          name="audit.csv"
          columns={csvColumns}
          rows={() => allPages((p) => fetchPage({ actor, page: p, pageSize: 100 }).unwrap())}
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
