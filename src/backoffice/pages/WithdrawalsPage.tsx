import { WITHDRAWAL_REJECT_REASONS } from '@core/withdrawalRejectReasons';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  backofficeApi,
  errorCode,
  type StaffWithdrawal,
  type StaffWithdrawalReject,
  useApproveStaffWithdrawalMutation,
  useListStaffWithdrawalsQuery,
  useRejectStaffWithdrawalMutation,
  useReleaseStaffWithdrawalMutation,
  useTakeStaffWithdrawalMutation,
} from '@/backoffice/api';
import { arrivalAlertsOn, setArrivalAlerts } from '@/backoffice/arrivalAlerts';
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

/** How often the waiting times move on (and a row turns overdue) without anything else changing. */
const CLOCK_MS = 30_000;
/** A withdrawal held open is taken again this often, well inside the server's two-minute hold. */
const RETAKE_MS = 60_000;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** How long a waiting withdrawal has waited, and whether staff are past the time they committed to. */
function Waiting({ withdrawal, now }: { withdrawal: StaffWithdrawal; now: number }) {
  const { t } = useTranslation();
  if (withdrawal.status !== 'OPEN') return <>—</>;
  const minutes = Math.max(0, Math.floor((now - Date.parse(withdrawal.createdAt)) / 60_000));
  const overdue = withdrawal.reviewBy !== null && now > Date.parse(withdrawal.reviewBy);
  return (
    <Space size={4} wrap>
      {minutes < 60
        ? t('withdrawals.waitedMinutes', { count: minutes })
        : t('withdrawals.waitedHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}
      {overdue && <Tag color="red">{t('withdrawals.overdue')}</Tag>}
    </Space>
  );
}

/** The player beside their withdrawal: how long they have played here, what they brought and took. */
function PlayerContext({ withdrawal }: { withdrawal: StaffWithdrawal }) {
  const { t } = useTranslation();
  const { player } = withdrawal;
  return (
    <Space orientation="vertical" size={0}>
      <span>{withdrawal.username}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('withdrawals.context', {
          since: formatTime(player.registeredAt).slice(0, 10),
          deposited: formatLak(player.deposited),
          withdrawn: formatLak(player.withdrawn),
        })}
      </Typography.Text>
      {!player.nameMatches && <Tag color="red">{t('withdrawals.nameDiffers')}</Tag>}
    </Space>
  );
}

/**
 * While a decider has a waiting withdrawal open, it is theirs for the others to see ("taken by"): taken on
 * opening, taken again every minute, let go on closing.
 */
function useHoldWhileOpen(code: string | undefined, hold: boolean): void {
  const [take] = useTakeStaffWithdrawalMutation();
  const [release] = useReleaseStaffWithdrawalMutation();
  useEffect(() => {
    if (!code || !hold) return;
    void take({ code });
    const timer = setInterval(() => void take({ code }), RETAKE_MS);
    return () => {
      clearInterval(timer);
      void release({ code });
    };
  }, [code, hold, take, release]);
}

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
  const [opened, setOpen] = useState<StaffWithdrawal>();
  const [alerts, setAlerts] = useState(arrivalAlertsOn);
  const now = useNow(CLOCK_MS);
  const args = { status, username, sort, page, pageSize: PAGE_SIZE };
  const { data, isFetching } = useListStaffWithdrawalsQuery(args, { pollingInterval: useLivePolling() });
  const [fetchPage] = backofficeApi.endpoints.listStaffWithdrawals.useLazyQuery();
  // The drawer shows the row as the queue last read it: who has it open changes while it is open.
  const open = opened && (data?.items.find((w) => w.code === opened.code) ?? opened);
  useHoldWhileOpen(opened?.code, mayDecide && opened?.status === 'OPEN');

  const columns: ColumnsType<StaffWithdrawal> = [
    {
      title: t('withdrawals.code'),
      dataIndex: 'code',
      render: (code: string, w) => (
        <Space orientation="vertical" size={0}>
          <Button type="link" onClick={() => setOpen(w)}>
            {code}
          </Button>
          {w.takenBy && w.takenBy.username !== staff.username && (
            <Tag color="blue">{t('withdrawals.takenBy', { name: w.takenBy.displayName })}</Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('withdrawals.player'),
      dataIndex: 'username',
      render: (_: string, w) => <PlayerContext withdrawal={w} />,
    },
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
      title: t('withdrawals.waiting'),
      key: 'waiting',
      render: (_, w) => <Waiting withdrawal={w} now={now} />,
    },
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
        <Space size={8}>
          <Switch
            id="arrival-alerts"
            checked={alerts}
            onChange={(on) => {
              setAlerts(on);
              void setArrivalAlerts(on);
            }}
          />
          <label htmlFor="arrival-alerts">{t('withdrawals.alerts')}</label>
        </Space>
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
        {open?.takenBy && open.takenBy.username !== staff.username && (
          <Alert
            type="warning"
            showIcon
            role="status"
            style={{ marginBottom: 12 }}
            title={t('withdrawals.takenByOther', {
              name: open.takenBy.displayName,
              since: formatTime(open.takenBy.since),
            })}
          />
        )}
        {open && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('withdrawals.player')}>{open.username}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.registered')}>
              {t('withdrawals.registeredLine', {
                date: formatTime(open.player.registeredAt),
                name: open.player.registeredName,
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.totals')}>
              {formatLak(open.player.deposited)} / {formatLak(open.player.withdrawn)}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.turnoverLabel')}>
              {open.player.turnover
                ? t('withdrawals.turnover', {
                    done: formatThb(open.player.turnover.done),
                    required: formatThb(open.player.turnover.required),
                  })
                : t('withdrawals.noTurnover')}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.provider')}>{open.provider}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.credit')}>{formatThb(open.credit)}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.amount')}>{formatLak(open.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.account')}>
              {open.bank.toUpperCase()} {open.accountNumber} · {open.accountName}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.nameCheck')}>
              {open.player.nameMatches ? (
                t('withdrawals.nameMatches')
              ) : (
                <Tag color="red">{t('withdrawals.nameDiffers')}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.reviewBy')}>
              {open.reviewBy ? (
                <Space size={4}>
                  {formatTime(open.reviewBy)}
                  <Waiting withdrawal={open} now={now} />
                </Space>
              ) : (
                '—'
              )}
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
