import { Alert, Button, Modal } from 'antd';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { apiErrorKey, useTakeTimeOutMutation, type Exclusion } from '@/api';
import { formatDate } from '@/lib/format';
import { FormFrame } from '@/ui/form/FormFrame';
import { RadioField } from '@/ui/form/RadioField';
import { TIME_OUT_DAYS } from '@core/protectionRules';
import { Panel } from '@/ui/Panel';
import '@build/antd/antd-modal.css';

const DAY_MS = 24 * 3_600_000;

/**
 * A break of 24 hours to 6 weeks (RTS 14): asked, confirmed in a dialog that says it cannot be ended early,
 * then in force at once.
 */
export function TimeOutCard({ exclusion }: { exclusion: Exclusion | null }) {
  const { t } = useTranslation('protection');
  const [takeTimeOut, taking] = useTakeTimeOutMutation();
  /** The length asked for, with when it would end (worked out when asked, shown in the confirmation). */
  const [asked, setAsked] = useState<{ days: number; endsAt: Date } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (asked === null) return;
    setError(null);
    try {
      await takeTimeOut({ body: { days: asked.days } }).unwrap();
      setAsked(null);
    } catch (err) {
      setError(apiErrorKey(err as Parameters<typeof apiErrorKey>[0]));
      setAsked(null);
    }
  };

  return (
    <Panel title={t('timeOut.title')}>
      <p>{t('timeOut.intro')}</p>
      {exclusion?.kind === 'TIME_OUT' && (
        <Alert
          role="status"
          showIcon
          type="warning"
          title={t('timeOut.inForce', { date: formatDate(exclusion.endsAt) })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<{ days?: string }>
        onSubmit={({ days }) =>
          setAsked({ days: Number(days), endsAt: new Date(Date.now() + Number(days) * DAY_MS) })
        }
        validate={({ days }) => (days ? {} : { days: 'protection:timeOut.required' })}
        render={({ handleSubmit }) => (
          <FormFrame onSubmit={handleSubmit}>
            <RadioField
              name="days"
              label={t('timeOut.label')}
              optionType="button"
              options={TIME_OUT_DAYS.map((days) => ({
                value: String(days),
                label: t(`timeOut.options.${days}`),
              }))}
            />
            {error && <Alert role="alert" showIcon type="error" title={t(error)} />}
            <Button type="primary" htmlType="submit">
              {t('timeOut.submit')}
            </Button>
          </FormFrame>
        )}
      />
      <Modal
        open={asked !== null}
        title={t('timeOut.confirmTitle')}
        okText={t('timeOut.confirmOk')}
        cancelText={t('cancel')}
        confirmLoading={taking.isLoading}
        onOk={() => void confirm()}
        onCancel={() => setAsked(null)}
      >
        <p>
          {t('timeOut.confirmText', {
            length: asked === null ? '' : t(`timeOut.options.${asked.days}`),
            date: asked === null ? '' : formatDate(asked.endsAt),
          })}
        </p>
      </Modal>
    </Panel>
  );
}
