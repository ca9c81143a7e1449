import { App, Button, Form as AntForm, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { validateWithYup } from '@/ui/form/validateWithYup';
import {
  errorCode,
  type StaffUnmatchedPayment,
  useApplyStaffPaymentMutation,
  useListStaffUnmatchedPaymentsQuery,
  useRefundStaffPaymentMutation,
} from '@/backoffice/api';
import type { CsvColumn } from '@/backoffice/csv';
import { TextInput } from '@/backoffice/form';
import { formatLak, formatTime } from '@/backoffice/format';
import { ExportButton, ListTable } from '@/backoffice/ListTools';
import { DepositsTable } from '@/backoffice/pages/DepositsTable';
import { useLivePolling } from '@/backoffice/liveEvents';

const applySchema = object({
  code: string()
    .trim()
    .required('login.required')
    .matches(/^D[0-9A-Z]{10,30}$/i, 'payments.codeFormat'),
});

/** Which order an unmatched payment belongs to: the code the payer gave support. */
function ApplyDialog({ payment, onClose }: { payment: StaffUnmatchedPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [apply] = useApplyStaffPaymentMutation();
  return (
    <Modal
      open
      title={t('payments.applyTitle', { reference: payment.reference })}
      footer={null}
      onCancel={onClose}
    >
      <p>{t('payments.applyHelp', { amount: formatLak(payment.amount) })}</p>
      <Form<{ code: string }>
        validate={validateWithYup<{ code: string }>(applySchema)}
        onSubmit={async (values) => {
          const result = await apply({
            reference: payment.reference,
            staffApplyPayment: { code: values.code.trim().toUpperCase() },
          });
          if ('error' in result)
            return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
          void message.success(t('payments.applied', { reference: payment.reference }));
          onClose();
        }}
        render={({ handleSubmit, submitting, form }) => (
          <AntForm layout="vertical" component="div">
            <form onSubmit={handleSubmit} noValidate>
              <Typography.Text strong>{t('payments.candidates')}</Typography.Text>
              {payment.candidates.length === 0 ? (
                <p>{t('payments.noCandidates')}</p>
              ) : (
                <ul style={{ listStyle: 'none', padding: 0 }}>
                  {payment.candidates.map((c) => (
                    <li key={c.code} style={{ padding: '4px 0' }}>
                      <Space wrap>
                        <Button size="small" onClick={() => form.change('code', c.code)}>
                          {t('payments.useCandidate', { code: c.code })}
                        </Button>
                        <span>
                          {c.username} · {formatTime(c.createdAt)} · {t(`status.${c.status}`)}
                        </span>
                        {c.closeReference && <Tag color="blue">{t('payments.closeReference')}</Tag>}
                      </Space>
                    </li>
                  ))}
                </ul>
              )}
              <TextInput name="code" label={t('payments.order')} autoComplete="off" />
              <Button type="primary" htmlType="submit" loading={submitting}>
                {t('payments.apply')}
              </Button>
            </form>
          </AntForm>
        )}
      />
    </Modal>
  );
}

/**
 * Bank payments that matched no deposit order (another amount, an unknown bill number): staff apply each
 * to the order it belongs to, which credits the player as the order's own payment would, or record that
 * the bank sent it back. New ones arrive live.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data, isFetching } = useListStaffUnmatchedPaymentsQuery(undefined, {
    pollingInterval: useLivePolling(),
  });
  const [refund] = useRefundStaffPaymentMutation();
  const [applying, setApplying] = useState<StaffUnmatchedPayment>();
  const items = data?.items ?? [];
  const columns: ColumnsType<StaffUnmatchedPayment> = [
    { title: t('payments.reference'), dataIndex: 'reference' },
    { title: t('payments.bill'), dataIndex: 'billNumber' },
    { title: t('payments.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatLak(v) },
    { title: t('payments.paidAt'), dataIndex: 'paidAt', render: (v: string) => formatTime(v) },
    { title: t('payments.receivedAt'), dataIndex: 'receivedAt', render: (v: string) => formatTime(v) },
    {
      title: t('withdrawals.decide'),
      key: 'decide',
      render: (_: unknown, payment) => (
        <Space wrap>
          <Button type="primary" onClick={() => setApplying(payment)}>
            {t('payments.apply')}
          </Button>
          <Popconfirm
            title={t('payments.refundConfirm', { reference: payment.reference })}
            okText={t('payments.refund')}
            cancelText={t('cancel')}
            onConfirm={async () => {
              const result = await refund({ reference: payment.reference });
              if ('error' in result)
                return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
              void message.success(t('payments.refunded', { reference: payment.reference }));
            }}
          >
            <Button>{t('payments.refund')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const csvColumns: CsvColumn<StaffUnmatchedPayment>[] = [
    { title: t('payments.reference'), value: (p) => p.reference },
    { title: t('payments.bill'), value: (p) => p.billNumber },
    { title: t('payments.amount'), value: (p) => p.amount },
    { title: t('payments.paidAt'), value: (p) => p.paidAt },
    { title: t('payments.receivedAt'), value: (p) => p.receivedAt },
  ];
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: '1.2rem' }}>
        {t('payments.unmatched')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <ExportButton
          name="unmatched-payments.csv"
          columns={csvColumns}
          rows={() => items}
          disabled={items.length === 0}
        />
      </Space>
      <ListTable<StaffUnmatchedPayment>
        label={t('payments.unmatched')}
        rowKey="reference"
        columns={columns}
        rows={items}
        loading={isFetching && !data}
        emptyText={t('payments.none')}
      />
      {applying && <ApplyDialog payment={applying} onClose={() => setApplying(undefined)} />}
      <Typography.Title level={2} style={{ fontSize: '1.2rem', marginTop: 32 }}>
        {t('deposits.title')}
      </Typography.Title>
      <DepositsTable />
    </>
  );
}
