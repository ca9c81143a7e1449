import {
  App,
  Button,
  Descriptions,
  Form as AntForm,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Tabs,
  type TabsProps,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { validateWithYup } from '@/ui/form/validateWithYup';
import {
  backofficeApi,
  errorCode,
  type StaffPlayer,
  useAddStaffNoteMutation,
  useEndStaffPlayerSessionsMutation,
  useSetStaffPlayerPromotionBlockMutation,
  useSetStaffPlayerStatusMutation,
  useGetStaffPlayerQuery,
  useListStaffPlayersQuery,
  useListAuditEntriesQuery,
  useListStaffDepositsQuery,
  useListStaffWithdrawalsQuery,
  type AuditEntry,
} from '@/backoffice/api';
import { AuditDiff } from '@/backoffice/AuditDiff';
import type { CsvColumn } from '@/backoffice/csv';
import { TextInput } from '@/backoffice/form';
import { DetailDrawer, ExportButton, SearchBox } from '@/backoffice/ListTools';
import { CreditCorrections } from '@/backoffice/CreditCorrections';
import { LinkedPlayers } from '@/backoffice/LinkedPlayers';
import { PlainList } from '@/backoffice/PlainList';
import { formatLak, formatThb, formatTime } from '@/backoffice/format';
import { useStaff } from '@/backoffice/staffContext';
import { allPages, PAGE_SIZE, PagedTable } from '@/backoffice/PagedTable';

type Summary = StaffPlayer['player'];
const noteSchema = object({
  text: string().trim().required('login.required').max(2000, 'players.noteTooLong'),
});

function NoteForm({ username }: { username: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [addNote] = useAddStaffNoteMutation();
  return (
    <Form<{ text: string }>
      onSubmit={async (values, form) => {
        const result = await addNote({ username, staffNoteRequest: { text: values.text.trim() } });
        if ('error' in result) return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
        form.restart();
      }}
      validate={validateWithYup<{ text: string }>(noteSchema)}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate>
          <TextInput name="text" label={t('players.note')} multiline />
          <Button htmlType="submit" loading={submitting}>
            {t('players.addNote')}
          </Button>
        </form>
      )}
    />
  );
}

const statusSchema = object({
  reason: string().trim().required('login.required').min(3, 'players.reasonShort'),
});

/** Blocks or unblocks the account itself, saying why (kept in the audit log). */
function AccountStatusDialog({
  username,
  status,
  onClose,
}: {
  username: string;
  status: Summary['status'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [setStatus] = useSetStaffPlayerStatusMutation();
  const next = status === 'BLOCKED' ? 'ACTIVE' : 'BLOCKED';
  return (
    <Modal
      open
      title={t(next === 'BLOCKED' ? 'players.blockAccountTitle' : 'players.unblockAccountTitle', {
        username,
      })}
      footer={null}
      onCancel={onClose}
    >
      <p>{t(next === 'BLOCKED' ? 'players.blockAccountHelp' : 'players.unblockAccountHelp')}</p>
      <Form<{ reason: string }>
        validate={validateWithYup<{ reason: string }>(statusSchema)}
        onSubmit={async (values) => {
          const result = await setStatus({
            username,
            staffPlayerStatusChange: { status: next, reason: values.reason.trim() },
          });
          if ('error' in result)
            return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
          void message.success(t(next === 'BLOCKED' ? 'players.accountBlocked' : 'players.accountUnblocked'));
          onClose();
        }}
        render={({ handleSubmit, submitting }) => (
          <AntForm layout="vertical" component="div">
            <form onSubmit={handleSubmit} noValidate>
              <TextInput name="reason" label={t('players.reason')} autoComplete="off" />
              <Button type="primary" danger={next === 'BLOCKED'} htmlType="submit" loading={submitting}>
                {t(next === 'BLOCKED' ? 'players.blockAccount' : 'players.unblockAccount')}
              </Button>
            </form>
          </AntForm>
        )}
      />
    </Modal>
  );
}

/**
 * What staff who manage players may do to one: sign them out everywhere, block them from promotions, block
 * the account.
 */
function PlayerActions({
  username,
  promotionBlocked,
  status,
}: {
  username: string;
  promotionBlocked: boolean;
  status: Summary['status'];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [changingStatus, setChangingStatus] = useState(false);
  const [endSessions, ending] = useEndStaffPlayerSessionsMutation();
  const [setBlock, blocking] = useSetStaffPlayerPromotionBlockMutation();
  const refused = (error: unknown) => void message.error(t(`errors.${errorCode(error) ?? 'UNKNOWN'}`));
  return (
    <Space wrap style={{ margin: '16px 0' }}>
      <Popconfirm
        title={t('players.endSessionsConfirm', { username })}
        okText={t('players.endSessions')}
        cancelText={t('cancel')}
        onConfirm={async () => {
          const result = await endSessions({ username });
          if ('error' in result) return refused(result.error);
          void message.success(t('players.sessionsEnded', { count: result.data.ended }));
        }}
      >
        <Button loading={ending.isLoading}>{t('players.endSessions')}</Button>
      </Popconfirm>
      <Popconfirm
        title={t(promotionBlocked ? 'players.unblockConfirm' : 'players.blockConfirm', { username })}
        okText={t(promotionBlocked ? 'players.unblock' : 'players.block')}
        cancelText={t('cancel')}
        onConfirm={async () => {
          const result = await setBlock({ username, staffPromotionBlock: { blocked: !promotionBlocked } });
          if ('error' in result) return refused(result.error);
          void message.success(t(promotionBlocked ? 'players.unblocked' : 'players.blocked'));
        }}
      >
        <Button danger={!promotionBlocked} loading={blocking.isLoading}>
          {t(promotionBlocked ? 'players.unblock' : 'players.block')}
        </Button>
      </Popconfirm>
      <Button danger={status !== 'BLOCKED'} onClick={() => setChangingStatus(true)}>
        {t(status === 'BLOCKED' ? 'players.unblockAccount' : 'players.blockAccount')}
      </Button>
      {changingStatus && (
        <AccountStatusDialog username={username} status={status} onClose={() => setChangingStatus(false)} />
      )}
    </Space>
  );
}

/**
 * One player, in tabs: profile (account, credit per provider, limits and exclusions read-only, and what staff
 * who manage players may do), orders, games, promotions and rewards, credit corrections, sessions, notes,
 * linked accounts, and the audit rows about them for members who may read the audit log.
 */
function PlayerDetail({ username }: { username: string }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const { data } = useGetStaffPlayerQuery({ username });
  if (!data) return null;
  const tabs: TabsProps['items'] = [
    {
      key: 'profile',
      label: t('players.tabs.profile'),
      children: (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('players.name')}>{data.player.displayName}</Descriptions.Item>
            <Descriptions.Item label={t('players.status')}>
              {t(`players.statusValue.${data.player.status}`)}
              {data.player.promotionBlocked && (
                <Tag style={{ marginInlineStart: 8 }}>{t('players.promotionBlocked')}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.joined')}>
              {formatTime(data.player.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.lastLogin')}>
              {formatTime(data.player.lastLoginAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.account')}>
              {data.bankAccount
                ? `${data.bankAccount.bank.toUpperCase()} ${data.bankAccount.accountNumber} · ${data.bankAccount.accountName}`
                : '—'}
            </Descriptions.Item>
            {data.credits.map((c) => (
              <Descriptions.Item key={c.provider} label={t('players.creditAt', { provider: c.provider })}>
                {formatThb(c.credit)}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('players.limits')}>
              {data.limits
                .map(
                  (l) =>
                    `${t(`players.limit.${l.kind}`)} · ${t(`players.period.${l.period}`)}: ${
                      l.amount === null
                        ? '—'
                        : l.kind === 'PLAY_TIME'
                          ? t('players.minutes', { count: l.amount })
                          : formatLak(l.amount)
                    }${l.pending ? ` (${t('players.limitPending')})` : ''}`,
                )
                .join(', ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('players.exclusions')}>
              {data.exclusions
                .map((e) => `${t(`players.exclusion.${e.kind}`)} → ${formatTime(e.until)}`)
                .join(', ') || '—'}
            </Descriptions.Item>
          </Descriptions>
          {staff.permissions.includes('players.manage') && (
            <PlayerActions
              username={data.player.username}
              promotionBlocked={data.player.promotionBlocked}
              status={data.player.status}
            />
          )}
        </>
      ),
    },
    {
      key: 'orders',
      label: t('players.tabs.orders'),
      children: <PlayerOrders username={data.player.username} />,
    },
    {
      key: 'games',
      label: t('players.tabs.games'),
      children: (
        <>
          <PlainList
            items={data.rounds}
            empty={t('empty')}
            render={(r) => (
              <>
                {r.gameName} · {r.provider} · {t(`players.roundStatus.${r.status}`)} · {formatThb(r.bets)} →{' '}
                {formatThb(r.wins + r.refunds)} · {formatTime(r.openedAt)}
              </>
            )}
          />
        </>
      ),
    },
    {
      key: 'promotions',
      label: t('players.tabs.promotions'),
      children: (
        <>
          <Typography.Title level={3}>{t('players.promotions')}</Typography.Title>
          <PlainList
            items={data.promotions}
            empty={t('empty')}
            render={(u) => (
              <>
                {u.promotionId} · {u.provider} · {t(`players.usageStatus.${u.status}`)} ·{' '}
                {formatLak(u.depositAmount)} + {formatThb(u.bonusCredit)} · {formatTime(u.usedAt)}
                {u.endedAt ? ` → ${formatTime(u.endedAt)}` : ''}
              </>
            )}
          />
          <Typography.Title level={3}>{t('players.rewards')}</Typography.Title>
          <PlainList
            items={data.rewards}
            empty={t('empty')}
            render={(r) => (
              <>
                {t(`players.rewardKind.${r.kind}`)} · {r.provider} · {formatThb(r.amount)} ·{' '}
                {t('players.turnover', {
                  done: formatThb(r.turnoverDone),
                  required: formatThb(r.turnoverRequired),
                })}{' '}
                · {formatTime(r.creditedAt)}
              </>
            )}
          />
        </>
      ),
    },
    {
      key: 'corrections',
      label: t('corrections.heading'),
      children: (
        <>
          <CreditCorrections username={data.player.username} corrections={data.corrections} />
        </>
      ),
    },
    {
      key: 'sessions',
      label: t('players.sessions'),
      children: (
        <>
          <PlainList
            items={data.sessions}
            empty={t('empty')}
            render={(s) => (
              <>
                {formatTime(s.createdAt)} → {formatTime(s.lastSeenAt)} · {s.ip}
              </>
            )}
          />
        </>
      ),
    },
    {
      key: 'notes',
      label: t('players.notes'),
      children: (
        <>
          <PlainList
            items={data.notes}
            empty={t('empty')}
            render={(n) => (
              <>
                <div>
                  <div>{n.text}</div>
                  <Typography.Text type="secondary">
                    {n.author} · {formatTime(n.createdAt)}
                  </Typography.Text>
                </div>
              </>
            )}
          />
          {staff.permissions.includes('players.manage') && <NoteForm username={data.player.username} />}
        </>
      ),
    },
    {
      key: 'links',
      label: t('players.tabs.links', { count: data.linkedPlayers.length }),
      children: (
        <>
          <LinkedPlayers players={data.linkedPlayers} />
        </>
      ),
    },
    ...(staff.permissions.includes('audit.read')
      ? [{ key: 'audit', label: t('menu.audit'), children: <PlayerAudit username={data.player.username} /> }]
      : []),
  ];
  return <Tabs items={tabs} />;
}

interface OrderLine {
  code: string;
  amount: number;
  status: string;
  createdAt: string;
}

/**
 * A player's deposits or withdrawals, newest first, paged on the server (each read audited as
 * player.orders.read, as the lists filtered by player are).
 */
function PlayerOrders({ username }: { username: string }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'DEPOSIT' | 'WITHDRAW'>('DEPOSIT');
  const [page, setPage] = useState(1);
  const deposits = useListStaffDepositsQuery(
    { username, page, pageSize: PAGE_SIZE },
    { skip: kind !== 'DEPOSIT' },
  );
  const withdrawals = useListStaffWithdrawalsQuery(
    { username, page, pageSize: PAGE_SIZE, sort: 'newest' },
    { skip: kind !== 'WITHDRAW' },
  );
  const data =
    kind === 'DEPOSIT'
      ? deposits.data && {
          ...deposits.data,
          items: deposits.data.items.map(({ order }): OrderLine => order),
        }
      : withdrawals.data && {
          ...withdrawals.data,
          items: withdrawals.data.items.map((w): OrderLine => w),
        };
  const columns: ColumnsType<OrderLine> = [
    { title: t('withdrawals.code'), dataIndex: 'code' },
    {
      title: t('withdrawals.amount'),
      dataIndex: 'amount',
      render: (v: number) => formatLak(v),
      align: 'right',
    },
    { title: t('withdrawals.status'), dataIndex: 'status', render: (v: string) => t(`status.${v}`) },
    { title: t('withdrawals.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
  ];
  return (
    <>
      <Segmented<'DEPOSIT' | 'WITHDRAW'>
        style={{ marginBottom: 12 }}
        value={kind}
        onChange={(value) => {
          setKind(value);
          setPage(1);
        }}
        options={[
          { value: 'DEPOSIT', label: t('players.kind.DEPOSIT') },
          { value: 'WITHDRAW', label: t('players.kind.WITHDRAW') },
        ]}
      />
      <PagedTable<OrderLine>
        label={t('players.tabs.orders')}
        rowKey="code"
        columns={columns}
        data={data}
        loading={kind === 'DEPOSIT' ? deposits.isFetching : withdrawals.isFetching}
        page={page}
        onPage={setPage}
      />
    </>
  );
}

/** The audit rows about one player, newest first, paged, each with what it changed. */
function PlayerAudit({ username }: { username: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useListAuditEntriesQuery({
    target: `player:${username}`,
    page,
    pageSize: PAGE_SIZE,
  });
  const columns: ColumnsType<AuditEntry> = [
    { title: t('audit.at'), dataIndex: 'at', render: (v: string) => formatTime(v) },
    { title: t('audit.actor'), dataIndex: 'actor' },
    { title: t('audit.action'), dataIndex: 'action' },
    {
      title: t('audit.change'),
      key: 'change',
      render: (_, e) => <AuditDiff before={e.before} after={e.after} />,
    },
  ];
  return (
    <PagedTable<AuditEntry>
      label={t('menu.audit')}
      rowKey="seq"
      columns={columns}
      data={data}
      loading={isFetching}
      page={page}
      onPage={setPage}
    />
  );
}

/** Players found by username, bank account number or order code, with a detail drawer each. */
export function PlayersPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState<string>();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string>();
  const args = { q, page, pageSize: PAGE_SIZE };
  const { data, isFetching, isError, error } = useListStaffPlayersQuery(args);
  const [fetchPage] = backofficeApi.endpoints.listStaffPlayers.useLazyQuery();
  const columns: ColumnsType<Summary> = [
    {
      title: t('players.username'),
      dataIndex: 'username',
      render: (username: string) => (
        <Button type="link" onClick={() => setOpen(username)}>
          {username}
        </Button>
      ),
    },
    { title: t('players.name'), dataIndex: 'displayName' },
    { title: t('players.status'), dataIndex: 'status', render: (s: string) => t(`players.statusValue.${s}`) },
    { title: t('players.joined'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    { title: t('players.lastLogin'), dataIndex: 'lastLoginAt', render: (v: string | null) => formatTime(v) },
  ];
  const csvColumns: CsvColumn<Summary>[] = [
    { title: 'username', value: (p) => p.username },
    { title: 'display_name', value: (p) => p.displayName },
    { title: 'status', value: (p) => p.status },
    { title: 'promotion_blocked', value: (p) => p.promotionBlocked },
    { title: 'created_at', value: (p) => p.createdAt },
    { title: 'last_login_at', value: (p) => p.lastLoginAt },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchBox
          label={t('players.search')}
          width={360}
          onSearch={(value) => {
            setQ(value);
            setPage(1);
          }}
        />
        <ExportButton
          name="players.csv"
          columns={csvColumns}
          rows={() => allPages((p) => fetchPage({ q, page: p, pageSize: 100 }).unwrap())}
        />
      </Space>
      {isError && (
        <Typography.Text type="danger">{t(`errors.${errorCode(error) ?? 'UNKNOWN'}`)}</Typography.Text>
      )}
      <PagedTable<Summary>
        label={t('menu.players')}
        rowKey="username"
        columns={columns}
        data={data}
        loading={isFetching}
        page={page}
        onPage={setPage}
      />
      <DetailDrawer open={open !== undefined} onClose={() => setOpen(undefined)} title={open} size="large">
        {open && <PlayerDetail username={open} />}
      </DetailDrawer>
    </>
  );
}
