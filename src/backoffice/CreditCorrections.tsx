import { App, Button, Form as AntForm, Modal, Popconfirm, Radio, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { PROVIDERS } from '@core/providers';
import { validateWithYup } from '@/ui/form/validateWithYup';
import {
  errorCode,
  type StaffPlayer,
  useApproveStaffCreditCorrectionMutation,
  useRefuseStaffCreditCorrectionMutation,
  useRequestStaffCreditCorrectionMutation,
} from '@/backoffice/api';
import { BAHT, toSatang } from '@/backoffice/baht';
import { TextInput } from '@/backoffice/form';
import { formatThb, formatTime } from '@/backoffice/format';
import { PlainList } from '@/backoffice/PlainList';
import { useStaff } from '@/backoffice/staffContext';

type Correction = StaffPlayer['corrections'][number];
type Provider = Correction['provider'];

interface CorrectionValues {
  provider: Provider;
  direction: 'GIVE' | 'TAKE';
  amount: string;
  reason: string;
}

const correctionSchema = object({
  amount: string()
    .trim()
    .required('login.required')
    .matches(BAHT, 'settings.amountFormat')
    .test('not-zero', 'corrections.notZero', (v) => !v || (toSatang(v) ?? 0) > 0),
  reason: string()
    .trim()
    .required('login.required')
    .min(3, 'corrections.reasonShort')
    .max(500, 'promotions.tooLong'),
});

/** Asks for a correction of the player's credit: nothing moves until a second member applies it. */
function CorrectionDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [request] = useRequestStaffCreditCorrectionMutation();
  return (
    <Modal open title={t('corrections.title', { username })} footer={null} onCancel={onClose}>
      <p>{t('corrections.help')}</p>
      <Form<CorrectionValues>
        initialValues={{ provider: PROVIDERS[0], direction: 'GIVE' }}
        validate={validateWithYup<CorrectionValues>(correctionSchema)}
        onSubmit={async (values) => {
          const satang = toSatang(values.amount)!;
          const result = await request({
            username,
            staffCreditCorrectionRequest: {
              provider: values.provider,
              amount: values.direction === 'GIVE' ? satang : -satang,
              reason: values.reason.trim(),
            },
          });
          if ('error' in result)
            return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
          void message.success(t('corrections.requested'));
          onClose();
        }}
        render={({ handleSubmit, submitting }) => (
          <AntForm layout="vertical" component="div">
            <form onSubmit={handleSubmit} noValidate>
              <Field<Provider> name="provider">
                {({ input }) => (
                  <AntForm.Item label={t('corrections.provider')} htmlFor="field-correction-provider">
                    <Select<Provider>
                      id="field-correction-provider"
                      value={input.value}
                      onChange={input.onChange}
                      options={PROVIDERS.map((p) => ({ value: p, label: p }))}
                    />
                  </AntForm.Item>
                )}
              </Field>
              <Field<CorrectionValues['direction']> name="direction">
                {({ input }) => (
                  <AntForm.Item label={t('corrections.direction')}>
                    <Radio.Group
                      value={input.value}
                      onChange={(e) => input.onChange(e.target.value)}
                      options={[
                        { value: 'GIVE', label: t('corrections.give') },
                        { value: 'TAKE', label: t('corrections.take') },
                      ]}
                    />
                  </AntForm.Item>
                )}
              </Field>
              <TextInput
                name="amount"
                label={t('corrections.amount')}
                inputMode="text"
                autoComplete="off"
                idPrefix="correction-"
              />
              <TextInput
                name="reason"
                label={t('corrections.reason')}
                autoComplete="off"
                idPrefix="correction-"
              />
              <Button type="primary" htmlType="submit" loading={submitting}>
                {t('corrections.request')}
              </Button>
            </form>
          </AntForm>
        )}
      />
    </Modal>
  );
}

/** A waiting correction's decisions: apply (by anyone but who asked) or refuse. */
function Decide({ correction }: { correction: Correction }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const staff = useStaff();
  const [approve, approving] = useApproveStaffCreditCorrectionMutation();
  const [refuse, refusing] = useRefuseStaffCreditCorrectionMutation();
  const refused = (error: unknown) => void message.error(t(`errors.${errorCode(error) ?? 'UNKNOWN'}`));
  const mine = correction.requestedBy === `staff:${staff.username}`;
  return (
    <Space wrap>
      {mine ? (
        <Typography.Text type="secondary">{t('corrections.secondNeeded')}</Typography.Text>
      ) : (
        <Popconfirm
          title={t('corrections.applyConfirm', { amount: formatThb(correction.amount) })}
          okText={t('corrections.apply')}
          cancelText={t('cancel')}
          onConfirm={async () => {
            const result = await approve({ correctionId: correction.id });
            if ('error' in result) return refused(result.error);
            void message.success(t('corrections.applied'));
          }}
        >
          <Button size="small" type="primary" loading={approving.isLoading}>
            {t('corrections.apply')}
          </Button>
        </Popconfirm>
      )}
      <Button
        size="small"
        loading={refusing.isLoading}
        onClick={async () => {
          const result = await refuse({ correctionId: correction.id });
          if ('error' in result) return refused(result.error);
          void message.success(t('corrections.refused'));
        }}
      >
        {t('corrections.refuse')}
      </Button>
    </Space>
  );
}

/**
 * A player's credit corrections (docs/backoffice.md, "Players"): asked for with a reason, applied by a
 * second member through the ledger, or refused; for staff who manage players, the way to ask for one.
 */
export function CreditCorrections({
  username,
  corrections,
}: {
  username: string;
  corrections: Correction[];
}) {
  const { t } = useTranslation();
  const staff = useStaff();
  const mayManage = staff.permissions.includes('players.manage');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <PlainList
        items={corrections}
        empty={t('empty')}
        render={(c) => (
          <div>
            <Space wrap size={6}>
              <strong>{formatThb(c.amount)}</strong>
              <span>{c.provider}</span>
              {/* Only colours whose text keeps a 4.5:1 contrast on their own background (axe). */}
              <Tag color={c.status === 'PENDING' ? 'blue' : undefined}>
                {t(`corrections.status.${c.status}`)}
              </Tag>
            </Space>
            <div>{c.reason}</div>
            <Typography.Text type="secondary">
              {t('corrections.asked', { by: c.requestedBy, at: formatTime(c.requestedAt) })}
              {c.decidedBy &&
                ` · ${t('corrections.decided', { by: c.decidedBy, at: formatTime(c.decidedAt) })}`}
            </Typography.Text>
            {mayManage && c.status === 'PENDING' && (
              <div style={{ marginTop: 6 }}>
                <Decide correction={c} />
              </div>
            )}
          </div>
        )}
      />
      {mayManage && (
        <Button style={{ marginTop: 8 }} onClick={() => setAsking(true)}>
          {t('corrections.ask')}
        </Button>
      )}
      {asking && <CorrectionDialog username={username} onClose={() => setAsking(false)} />}
    </>
  );
}
