import { Alert, App, Button, Segmented, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorCode,
  type StaffTransfer,
  useLazyCheckStaffWalletsQuery,
  useListStaffTransfersQuery,
  useRetryStaffTransferMutation,
} from '@/backoffice/api';
import type { CsvColumn } from '@/backoffice/csv';
import { formatThb, formatTime } from '@/backoffice/format';
import { ExportButton, ListTable } from '@/backoffice/ListTools';

type Which = 'pending' | 'failed';

/** The ledger against every provider wallet, asked when staff press the button (one call per wallet). */
function WalletCheck() {
  const { t } = useTranslation();
  const [check, { data, isFetching, isError }] = useLazyCheckStaffWalletsQuery();
  return (
    <div style={{ marginTop: 24 }}>
      <Button onClick={() => void check()} loading={isFetching}>
        {t('transfers.check')}
      </Button>
      {isError && <Alert type="error" role="alert" style={{ marginTop: 12 }} title={t('errors.UNKNOWN')} />}
      {data && !isFetching && data.differences.length === 0 && (
        <Alert type="success" role="status" showIcon style={{ marginTop: 12 }} title={t('transfers.agree')} />
      )}
      {data && !isFetching && data.differences.length > 0 && (
        <Alert
          type="error"
          role="alert"
          showIcon
          style={{ marginTop: 12 }}
          title={t('transfers.differ', { count: data.differences.length })}
          description={
            <ul>
              {data.differences.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          }
        />
      )}
      {data && !isFetching && data.openRounds.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={t('transfers.openRounds', { count: data.openRounds.length })}
          description={
            <ul>
              {data.openRounds.map(({ username, round }) => (
                <li key={`${round.provider}:${round.roundId}`}>
                  {username} · {round.provider} · {round.gameName} · {round.roundId} · {formatThb(round.bets)}{' '}
                  · {formatTime(round.openedAt)}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {data && !isFetching && data.tombstones.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          title={t('transfers.tombstones', { count: data.tombstones.length })}
          description={
            <ul>
              {data.tombstones.map((b) => (
                <li key={`${b.provider}:${b.betTransactionId}`}>
                  {b.provider} ·{' '}
                  {t('transfers.tombstone', { bet: b.betTransactionId, rollback: b.rollbackTransactionId })} ·{' '}
                  {formatTime(b.createdAt)}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </div>
  );
}

/**
 * Provider transfers through the outbox: those on their way (a silent provider is asked again under the
 * same reference) and those refused or stuck, each sent again by hand; and the ledger-wallet check.
 */
export function TransfersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [which, setWhich] = useState<Which>('pending');
  // Transfers change in the outbox, which sends no event: read again on coming back, or by hand.
  const { data, isFetching, refetch } = useListStaffTransfersQuery(
    { which },
    { refetchOnFocus: true, refetchOnMountOrArgChange: true },
  );
  const [retry] = useRetryStaffTransferMutation();
  const items = data?.items ?? [];
  const columns: ColumnsType<StaffTransfer> = [
    { title: t('transfers.reference'), dataIndex: 'reference' },
    { title: t('withdrawals.player'), dataIndex: 'username' },
    { title: t('withdrawals.provider'), dataIndex: 'provider' },
    {
      title: t('transfers.direction'),
      dataIndex: 'direction',
      render: (d: StaffTransfer['direction']) => t(`transfers.directions.${d}`),
    },
    {
      title: t('withdrawals.credit'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: number) => formatThb(v),
    },
    {
      title: t('withdrawals.status'),
      key: 'status',
      render: (_: unknown, row) => (
        <Tag color={row.status === 'FAILED' || row.stuck ? 'error' : 'processing'}>
          {t(row.stuck ? 'transfers.stuck' : `transfers.statuses.${row.status}`)}
        </Tag>
      ),
    },
    { title: t('transfers.attempts'), dataIndex: 'attempts', align: 'right' },
    { title: t('transfers.lastError'), dataIndex: 'lastError', render: (v: string | null) => v ?? '—' },
    { title: t('withdrawals.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('transfers.retry'),
      key: 'retry',
      render: (_: unknown, row) =>
        row.status === 'PENDING' ? (
          <Button
            aria-label={t('transfers.retryOne', { reference: row.reference })}
            onClick={async () => {
              const result = await retry({ reference: row.reference });
              if ('error' in result)
                return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
              const delivery = result.data.delivery;
              void message[delivery === 'DELIVERED' ? 'success' : 'warning'](
                t(`transfers.outcome.${delivery}`, { reference: row.reference }),
              );
            }}
          >
            {t('transfers.retry')}
          </Button>
        ) : null,
    },
  ];
  const csvColumns: CsvColumn<StaffTransfer>[] = [
    { title: t('transfers.reference'), value: (r) => r.reference },
    { title: t('withdrawals.player'), value: (r) => r.username },
    { title: t('withdrawals.provider'), value: (r) => r.provider },
    { title: t('transfers.direction'), value: (r) => r.direction },
    { title: t('withdrawals.credit'), value: (r) => r.amount },
    { title: t('withdrawals.status'), value: (r) => (r.stuck ? 'STUCK' : r.status) },
    { title: t('transfers.attempts'), value: (r) => r.attempts },
    { title: t('transfers.lastError'), value: (r) => r.lastError },
    { title: t('withdrawals.created'), value: (r) => r.createdAt },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<Which>
          aria-label={t('transfers.which')}
          value={which}
          onChange={setWhich}
          options={[
            { value: 'pending', label: t('transfers.pending') },
            { value: 'failed', label: t('transfers.failed') },
          ]}
        />
        <Button onClick={() => void refetch()} loading={isFetching}>
          {t('transfers.refresh')}
        </Button>
        <ExportButton
          name={`transfers-${which}.csv`}
          columns={csvColumns}
          rows={() => items}
          disabled={items.length === 0}
        />
      </Space>
      <ListTable<StaffTransfer>
        label={t('menu.transfers')}
        rowKey="reference"
        columns={columns}
        rows={items}
        loading={isFetching && !data}
        emptyText={t('transfers.none')}
      />
      <WalletCheck />
    </>
  );
}
