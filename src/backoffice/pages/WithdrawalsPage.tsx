import { WITHDRAWAL_REJECT_REASONS } from '@core/withdrawalRejectReasons';
import { App, Button, Descriptions, Modal, Popconfirm, Radio, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  backofficeApi,
  errorCode,
  type StaffWithdrawal,
  type StaffWithdrawalReject,
  useApproveStaffWithdrawalMutation,
  useListStaffWithdrawalsQuery,
  useRejectStaffWithdrawalMutation,
} from '@/backoffice/api';
import type { CsvColumn } from '@/backoffice/csv';
import { formatLak, formatThb, formatTime } from '@/backoffice/format';
import { DetailDrawer, ExportButton, SearchBox } from '@/backoffice/ListTools';
import { useStaff } from '@/backoffice/staffContext';
import { allPages, PAGE_SIZE, PagedTable } from '@/backoffice/PagedTable';
import { useLivePolling } from '@/backoffice/liveEvents';
import { LinkedPlayers } from '@/backoffice/LinkedPlayers';

type Status = 'OPEN' | 'PAID' | 'SUCCESS' | 'FAILED' | 'CANCELED' | 'REJECTED';
type Sort = 'oldest' | 'newest' | 'largest';
const STATUSES: Status[] = ['OPEN', 'SUCCESS', 'REJECTED', 'FAILED'];

type RejectReason = StaffWithdrawalReject['reason'];

/** A decision's buttons: approve (first or second of four eyes), confirmed, and reject, with its reason. */
function Decide({ withdrawal }: { withdrawal: StaffWithdrawal }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [approve, approving] = useApproveStaffWithdrawalMutation();
  const [reject, rejecting] = useRejectStaffWithdrawalMutation();
  const [rejectingOpen, setRejectingOpen] = useState(false);
  const [reason, setReason] = useState<RejectReason>();
  const [reasonMissing, setReasonMissing] = useState(false);
  const refused = (error: unknown) =>
    void message.error(t(`errors.${errorCode(error) ?? 'UNKNOWN'}`, { defaultValue: t('errors.UNKNOWN') }));
  if (withdrawal.status !== 'OPEN') return null;
  return (
    <Space wrap>
      <Popconfirm
        title={t('withdrawals.approveConfirm', { code: withdrawal.code })}
        okText={t('withdrawals.approve')}
        cancelText={t('cancel')}
        onConfirm={async () => {
          const result = await approve({ code: withdrawal.code });
          if ('error' in result) return refused(result.error);
          void message.success(t(`withdrawals.outcome.${result.data.outcome}`, { code: withdrawal.code }));
        }}
      >
        <Button type="primary" loading={approving.isLoading}>
          {t('withdrawals.approve')}
        </Button>
      </Popconfirm>
      <Button danger loading={rejecting.isLoading} onClick={() => setRejectingOpen(true)}>
        {t('withdrawals.reject')}
      </Button>
      {rejectingOpen && (
        <Modal
          open
          title={t('withdrawals.rejectConfirm', { code: withdrawal.code })}
          okText={t('withdrawals.reject')}
          okButtonProps={{ danger: true, loading: rejecting.isLoading }}
          cancelText={t('cancel')}
          onCancel={() => setRejectingOpen(false)}
          onOk={async () => {
            if (!reason) return setReasonMissing(true);
            const result = await reject({ code: withdrawal.code, staffWithdrawalReject: { reason } });
            if ('error' in result) return refused(result.error);
            void message.success(t('withdrawals.outcome.REJECTED', { code: withdrawal.code }));
            setRejectingOpen(false);
          }}
        >
          <p>{t('withdrawals.rejectHelp')}</p>
          <Radio.Group
            aria-label={t('withdrawals.rejectReason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value as RejectReason);
              setReasonMissing(false);
            }}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={WITHDRAWAL_REJECT_REASONS.map((r) => ({
              value: r,
              label: t(`withdrawals.rejectReasons.${r}`),
            }))}
          />
          {reasonMissing && (
            <Typography.Text type="danger" role="alert">
              {t('withdrawals.rejectReasonMissing')}
            </Typography.Text>
          )}
        </Modal>
      )}
    </Space>
  );
}

/**
 * The withdrawal queue: waiting withdrawals first, oldest first, new ones arriving live; filters by status
 * and player, sorting, a detail drawer, and the decisions for roles that may decide.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const mayDecide = staff.permissions.includes('withdrawals.decide');
  const [status, setStatus] = useState<Status | undefined>('OPEN');
  const [username, setUsername] = useState<string>();
  const [sort, setSort] = useState<Sort>('oldest');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<StaffWithdrawal>();
  const args = { status, username, sort, page, pageSize: PAGE_SIZE };
  const { data, isFetching } = useListStaffWithdrawalsQuery(args, { pollingInterval: useLivePolling() });
  const [fetchPage] = backofficeApi.endpoints.listStaffWithdrawals.useLazyQuery();

  const columns: ColumnsType<StaffWithdrawal> = [
    {
      title: t('withdrawals.code'),
      dataIndex: 'code',
      render: (code: string, w) => (
        <Button type="link" onClick={() => setOpen(w)}>
          {code}
        </Button>
      ),
    },
    { title: t('withdrawals.player'), dataIndex: 'username' },
    {
      title: t('withdrawals.credit'),
      dataIndex: 'credit',
      render: (v: number) => formatThb(v),
      align: 'right',
    },
    {
      title: t('withdrawals.amount'),
      dataIndex: 'amount',
      render: (v: number) => formatLak(v),
      align: 'right',
    },
    { title: t('withdrawals.status'), dataIndex: 'status', render: (s: Status) => t(`status.${s}`) },
    { title: t('withdrawals.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('withdrawals.flags'),
      dataIndex: 'riskFlags',
      render: (flags: string[]) => flags.map((f) => <Tag key={f}>{t(`flags.${f}`)}</Tag>),
    },
    {
      title: t('withdrawals.approvals'),
      render: (_, w) => `${w.approvals.length}/${w.approvalsNeeded}`,
    },
    ...(mayDecide
      ? [
          {
            title: t('withdrawals.decide'),
            render: (_: unknown, w: StaffWithdrawal) => <Decide withdrawal={w} />,
          },
        ]
      : []),
  ];

  const csvColumns: CsvColumn<StaffWithdrawal>[] = [
    { title: 'code', value: (w) => w.code },
    { title: 'player', value: (w) => w.username },
    { title: 'provider', value: (w) => w.provider },
    { title: 'credit_satang', value: (w) => w.credit },
    { title: 'amount_lak', value: (w) => w.amount },
    { title: 'status', value: (w) => w.status },
    { title: 'bank', value: (w) => w.bank },
    { title: 'account_number', value: (w) => w.accountNumber },
    { title: 'account_name', value: (w) => w.accountName },
    { title: 'created_at', value: (w) => w.createdAt },
    { title: 'approvals', value: (w) => w.approvals.map((a) => a.actor).join(' ') },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<Status | 'ALL'>
          aria-label={t('withdrawals.status')}
          value={status ?? 'ALL'}
          style={{ minWidth: 140 }}
          onChange={(value) => {
            setStatus(value === 'ALL' ? undefined : value);
            setPage(1);
          }}
          options={[
            { value: 'ALL', label: t('status.ALL') },
            ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
        <SearchBox
          label={t('withdrawals.player')}
          onSearch={(value) => {
            setUsername(value);
            setPage(1);
          }}
        />
        <Select<Sort>
          aria-label={t('sort.label')}
          value={sort}
          style={{ minWidth: 140 }}
          onChange={setSort}
          options={(['oldest', 'newest', 'largest'] as const).map((s) => ({
            value: s,
            label: t(`sort.${s}`),
          }))}
        />
        <ExportButton
          name="withdrawals.csv"
          columns={csvColumns}
          rows={() => allPages((p) => fetchPage({ ...args, page: p, pageSize: 100 }).unwrap())}
        />
      </Space>
      <PagedTable<StaffWithdrawal>
        label={t('menu.withdrawals')}
        rowKey="code"
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        onPage={setPage}
      />
      <DetailDrawer open={open !== undefined} onClose={() => setOpen(undefined)} title={open?.code}>
        {open && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('withdrawals.player')}>{open.username}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.provider')}>{open.provider}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.credit')}>{formatThb(open.credit)}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.amount')}>{formatLak(open.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.account')}>
              {open.bank.toUpperCase()} {open.accountNumber} · {open.accountName}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.reason')}>
              {open.reviewReason ? t(`flags.${open.reviewReason}`) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.approvals')}>
              {open.approvals.map((a) => `${a.actor} (${formatTime(a.at)})`).join(', ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.flags')}>
              {open.riskFlags.map((f) => (
                <Tag key={f}>{t(`flags.${f}`)}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('links.title')}>
              <LinkedPlayers players={open.linkedPlayers} />
            </Descriptions.Item>
          </Descriptions>
        )}
      </DetailDrawer>
    </>
  );
}
