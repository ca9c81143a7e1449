import { Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backofficeApi, type StaffDeposit, useListStaffDepositsQuery } from '@/backoffice/api';
import type { OrderStatus } from '@/backoffice/api/generated';
import type { CsvColumn } from '@/backoffice/csv';
import { formatLak, formatThb, formatTime } from '@/backoffice/format';
import { ExportButton, SearchBox } from '@/backoffice/ListTools';
import { allPages, PAGE_SIZE, PagedTable } from '@/backoffice/PagedTable';
import { useLivePolling } from '@/backoffice/liveEvents';

const STATUSES: OrderStatus[] = ['OPEN', 'PAID', 'SUCCESS', 'FAILED', 'CANCELED', 'REJECTED'];

/** Every player's deposit orders, newest first, filtered by status and player, paged on the server. */
export function DepositsTable() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OrderStatus>();
  const [username, setUsername] = useState<string>();
  const [page, setPage] = useState(1);
  const args = { status, username, page, pageSize: PAGE_SIZE };
  const { data, isFetching } = useListStaffDepositsQuery(args, { pollingInterval: useLivePolling() });
  const [fetchPage] = backofficeApi.endpoints.listStaffDeposits.useLazyQuery();
  const columns: ColumnsType<StaffDeposit> = [
    { title: t('withdrawals.code'), key: 'code', render: (_: unknown, d) => d.order.code },
    { title: t('withdrawals.player'), dataIndex: 'username' },
    { title: t('withdrawals.provider'), key: 'provider', render: (_: unknown, d) => d.order.provider },
    {
      title: t('payments.amount'),
      key: 'amount',
      align: 'right',
      render: (_: unknown, d) => formatLak(d.order.amount),
    },
    {
      title: t('withdrawals.credit'),
      key: 'credit',
      align: 'right',
      render: (_: unknown, d) => formatThb(d.order.credit),
    },
    {
      title: t('withdrawals.status'),
      key: 'status',
      render: (_: unknown, d) => t(`status.${d.order.status}`),
    },
    {
      title: t('withdrawals.created'),
      key: 'created',
      render: (_: unknown, d) => formatTime(d.order.createdAt),
    },
  ];
  const csvColumns: CsvColumn<StaffDeposit>[] = [
    { title: t('withdrawals.code'), value: (d) => d.order.code },
    { title: t('withdrawals.player'), value: (d) => d.username },
    { title: t('withdrawals.provider'), value: (d) => d.order.provider },
    { title: t('payments.amount'), value: (d) => d.order.amount },
    { title: t('withdrawals.credit'), value: (d) => d.order.credit },
    { title: t('withdrawals.status'), value: (d) => d.order.status },
    { title: t('withdrawals.created'), value: (d) => d.order.createdAt },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<OrderStatus>
          aria-label={t('withdrawals.status')}
          placeholder={t('deposits.anyStatus')}
          allowClear
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          style={{ minWidth: 160 }}
        />
        <SearchBox
          label={t('withdrawals.player')}
          width={220}
          onSearch={(value) => {
            setUsername(value);
            setPage(1);
          }}
        />
        <ExportButton
          name="deposits.csv"
          columns={csvColumns}
          rows={() => allPages((p) => fetchPage({ ...args, page: p, pageSize: 100 }).unwrap())}
        />
      </Space>
      <PagedTable<StaffDeposit>
        label={t('deposits.title')}
        rowKey={(d) => d.order.code}
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        onPage={setPage}
      />
    </>
  );
}
