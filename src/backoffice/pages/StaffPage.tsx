import {
  Alert,
  App,
  Button,
  Form as AntForm,
  Popconfirm,
  QRCode,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { STAFF_ROLES } from '@core/staffRoles';
import { validateWithYup } from '@/ui/form/validateWithYup';
import {
  errorCode,
  useCreateStaffMutation,
  useListStaffQuery,
  useResetStaffMutation,
  useSetStaffDisabledMutation,
  useSetStaffRoleMutation,
} from '@/backoffice/api';
import type { StaffEnrolmentIssued, StaffMember, StaffRole } from '@/backoffice/api/generated';
import { TextInput } from '@/backoffice/form';
import { formatTime } from '@/backoffice/format';
import type { CsvColumn } from '@/backoffice/csv';
import { ExportButton, ListTable } from '@/backoffice/ListTools';
import { useStaff } from '@/backoffice/staffContext';

interface NewStaffValues {
  username: string;
  displayName: string;
  role: StaffRole;
}

const staffSchema = object({
  username: string()
    .trim()
    .required('login.required')
    .matches(/^[a-z][a-z0-9_.]{2,31}$/, 'staff.usernameFormat'),
  displayName: string().trim().required('login.required').max(64, 'promotions.tooLong'),
});

/**
 * The one-time enrolment link of a member just added or reset, to hand to them alone: the owner never sees
 * their password or authenticator secret (docs/backoffice.md).
 */
function EnrolmentLink({ issued, title }: { issued: StaffEnrolmentIssued; title: string }) {
  const { t } = useTranslation();
  const link = `${window.location.origin}${issued.enrolment.path}`;
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      title={title}
      description={
        <>
          <p>
            {t('staff.linkOnce', {
              username: issued.staff.username,
              expires: formatTime(issued.enrolment.expiresAt),
            })}
          </p>
          <Typography.Text code copyable aria-label={t('staff.linkLabel')} style={{ wordBreak: 'break-all' }}>
            {link}
          </Typography.Text>
          <QRCode
            type="svg"
            value={link}
            size={160}
            bordered={false}
            aria-label={t('staff.qr')}
            style={{ marginTop: 12 }}
          />
        </>
      }
    />
  );
}

/**
 * Staff accounts (owners only): the list with each member's role (changed in place), last sign-in and live
 * sessions; new members and resets, each answered with an enrolment link and its QR code.
 */
export function StaffPage() {
  const { t } = useTranslation();
  const { data } = useListStaffQuery();
  const [create, { error }] = useCreateStaffMutation();
  const [issued, setIssued] = useState<{ link: StaffEnrolmentIssued; title: string }>();
  const [setDisabled] = useSetStaffDisabledMutation();
  const [reset] = useResetStaffMutation();
  const [setRole] = useSetStaffRoleMutation();
  const { message } = App.useApp();
  const me = useStaff();
  const columns: ColumnsType<StaffMember> = [
    { title: t('staff.username'), dataIndex: 'username' },
    { title: t('staff.name'), dataIndex: 'displayName' },
    {
      title: t('staff.role'),
      dataIndex: 'role',
      render: (role: StaffRole, member) =>
        member.username === me.username ? (
          <Tag>{t(`roles.${role}`)}</Tag>
        ) : (
          <Select<StaffRole>
            size="small"
            aria-label={t('staff.roleOf', { username: member.username })}
            value={role}
            style={{ minWidth: 130 }}
            options={STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            onChange={async (next) => {
              const result = await setRole({
                staffUsername: member.username,
                staffRoleChange: { role: next },
              });
              if ('error' in result)
                return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
              void message.success(
                t('staff.roleChanged', { username: member.username, role: t(`roles.${next}`) }),
              );
            }}
          />
        ),
    },
    {
      title: t('staff.state'),
      dataIndex: 'disabled',
      render: (d: boolean, member) =>
        d ? t('staff.disabled') : t(member.enrolled ? 'staff.active' : 'staff.notEnrolled'),
    },
    { title: t('staff.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('staff.lastSignIn'),
      dataIndex: 'lastSignIn',
      render: (last: StaffMember['lastSignIn']) =>
        last ? t('staff.signInLine', { at: formatTime(last.at), address: last.address }) : t('staff.never'),
    },
    {
      title: t('staff.sessions'),
      dataIndex: 'sessions',
      render: (sessions: StaffMember['sessions']) =>
        sessions.length === 0 ? (
          t('staff.noSessions')
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 16 }}>
            {sessions.map((s) => (
              <li key={s.at + s.address}>
                {t('staff.sessionLine', {
                  address: s.address,
                  at: formatTime(s.at),
                  seen: formatTime(s.lastSeenAt),
                })}
              </li>
            ))}
          </ul>
        ),
    },
    {
      title: t('staff.access'),
      key: 'access',
      render: (_: unknown, member) =>
        member.username === me.username ? null : (
          <Space wrap>
            <Popconfirm
              title={t('staff.resetConfirm', { username: member.username })}
              okText={t('staff.reset')}
              cancelText={t('cancel')}
              onConfirm={async () => {
                const result = await reset({ staffUsername: member.username });
                if ('error' in result)
                  return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
                setIssued({ link: result.data, title: t('staff.resetTitle', { username: member.username }) });
              }}
            >
              <Button size="small">{t('staff.reset')}</Button>
            </Popconfirm>
            <Popconfirm
              title={t(member.disabled ? 'staff.enableConfirm' : 'staff.disableConfirm', {
                username: member.username,
              })}
              okText={t(member.disabled ? 'staff.enable' : 'staff.disable')}
              cancelText={t('cancel')}
              onConfirm={async () => {
                const result = await setDisabled({
                  staffUsername: member.username,
                  staffDisable: { disabled: !member.disabled },
                });
                if ('error' in result)
                  return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
              }}
            >
              <Button danger={!member.disabled} size="small">
                {t(member.disabled ? 'staff.enable' : 'staff.disable')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  const csvColumns: CsvColumn<StaffMember>[] = [
    { title: 'username', value: (m) => m.username },
    { title: 'display_name', value: (m) => m.displayName },
    { title: 'role', value: (m) => m.role },
    { title: 'disabled', value: (m) => m.disabled },
    { title: 'enrolled', value: (m) => m.enrolled },
    { title: 'created_at', value: (m) => m.createdAt },
    { title: 'last_sign_in_at', value: (m) => m.lastSignIn?.at ?? '' },
    { title: 'last_sign_in_address', value: (m) => m.lastSignIn?.address ?? '' },
    { title: 'live_sessions', value: (m) => m.sessions.length },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <ExportButton name="staff.csv" columns={csvColumns} rows={() => data ?? []} disabled={!data} />
      </Space>
      <ListTable<StaffMember>
        label={t('menu.staff')}
        rowKey="username"
        columns={columns}
        rows={data ?? []}
        loading={!data}
        pageSize={50}
      />
      <Typography.Title level={2} style={{ fontSize: '1.2rem', marginTop: 24 }}>
        {t('staff.new')}
      </Typography.Title>
      {issued && <EnrolmentLink issued={issued.link} title={issued.title} />}
      {error && (
        <Alert
          type="error"
          role="alert"
          title={t(`errors.${errorCode(error) ?? 'UNKNOWN'}`)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<NewStaffValues>
        initialValues={{ role: 'operator' }}
        validate={validateWithYup<NewStaffValues>(staffSchema)}
        onSubmit={async (values, form) => {
          const result = await create({
            createStaffRequest: {
              ...values,
              username: values.username.trim(),
              displayName: values.displayName.trim(),
            },
          });
          if ('data' in result && result.data) {
            setIssued({
              link: result.data,
              title: t('staff.createdTitle', { username: result.data.staff.username }),
            });
            form.restart({ role: 'operator' } as NewStaffValues);
          }
        }}
        render={({ handleSubmit, submitting }) => (
          <AntForm layout="vertical" component="div" style={{ maxWidth: 420 }}>
            <form onSubmit={handleSubmit} noValidate>
              <TextInput name="username" label={t('staff.username')} autoComplete="off" />
              <TextInput name="displayName" label={t('staff.name')} autoComplete="off" />
              <Field<StaffRole> name="role">
                {({ input }) => (
                  <AntForm.Item label={t('staff.role')} htmlFor="field-role">
                    <Select<StaffRole>
                      id="field-role"
                      value={input.value}
                      onChange={input.onChange}
                      options={STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                    />
                  </AntForm.Item>
                )}
              </Field>
              <Button type="primary" htmlType="submit" loading={submitting}>
                {t('staff.create')}
              </Button>
            </form>
          </AntForm>
        )}
      />
    </>
  );
}
