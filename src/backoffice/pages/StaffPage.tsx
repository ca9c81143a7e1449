import { Alert, App, Button, Form as AntForm, Popconfirm, Select, Space, Tag, Typography } from 'antd';
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
  useSetStaffDisabledMutation,
} from '@/backoffice/api';
import type { CreatedStaff, StaffMember, StaffRole } from '@/backoffice/api/generated';
import { TextInput } from '@/backoffice/form';
import { formatTime } from '@/backoffice/format';
import type { CsvColumn } from '@/backoffice/csv';
import { ExportButton, ListTable } from '@/backoffice/ListTools';
import { useStaff } from '@/backoffice/staffContext';

interface NewStaffValues {
  username: string;
  displayName: string;
  role: StaffRole;
  password: string;
}

const staffSchema = object({
  username: string()
    .trim()
    .required('login.required')
    .matches(/^[a-z][a-z0-9_.]{2,31}$/, 'staff.usernameFormat'),
  displayName: string().trim().required('login.required').max(64, 'promotions.tooLong'),
  password: string().required('login.required').min(12, 'staff.passwordShort').max(128, 'promotions.tooLong'),
});

/** Staff accounts (owners only): the list, and a new account whose authenticator secret is shown once. */
export function StaffPage() {
  const { t } = useTranslation();
  const { data } = useListStaffQuery();
  const [create, { error }] = useCreateStaffMutation();
  const [created, setCreated] = useState<CreatedStaff>();
  const [setDisabled] = useSetStaffDisabledMutation();
  const { message } = App.useApp();
  const me = useStaff();
  const columns: ColumnsType<StaffMember> = [
    { title: t('staff.username'), dataIndex: 'username' },
    { title: t('staff.name'), dataIndex: 'displayName' },
    { title: t('staff.role'), dataIndex: 'role', render: (r: string) => <Tag>{t(`roles.${r}`)}</Tag> },
    {
      title: t('staff.state'),
      dataIndex: 'disabled',
      render: (d: boolean) => t(d ? 'staff.disabled' : 'staff.active'),
    },
    { title: t('staff.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('staff.access'),
      key: 'access',
      render: (_: unknown, member) =>
        member.username === me.username ? null : (
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
        ),
    },
  ];
  const csvColumns: CsvColumn<StaffMember>[] = [
    { title: 'username', value: (m) => m.username },
    { title: 'display_name', value: (m) => m.displayName },
    { title: 'role', value: (m) => m.role },
    { title: 'disabled', value: (m) => m.disabled },
    { title: 'created_at', value: (m) => m.createdAt },
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
      {created && (
        <Alert
          type="success"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          title={t('staff.createdTitle', { username: created.staff.username })}
          description={
            <>
              <p>{t('staff.secretOnce')}</p>
              <Typography.Text code copyable>
                {created.totpSecret}
              </Typography.Text>
              <p style={{ wordBreak: 'break-all' }}>{created.otpauthUri}</p>
            </>
          }
        />
      )}
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
            setCreated(result.data);
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
              <TextInput
                name="password"
                label={t('staff.password')}
                type="password"
                autoComplete="new-password"
              />
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
