import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { Form, useField, useForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useSetLimitMutation, type LimitKind, type SetLimitResponse } from '@/api';
import { formatDate } from '@/lib/format';
import { FormFrame } from '@/ui/form/FormFrame';
import { RadioField } from '@/ui/form/RadioField';
import { submitWith } from '@/ui/form/submitErrors';
import { TextField } from '@/ui/form/TextField';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { limitSchema, type LimitValues } from './limitSchema';
import { PERIODS_OF } from '@core/protectionRules';

const validate = validateWithYup<LimitValues>(limitSchema);

interface LimitFormProps {
  /** The kinds offered (after registration only the deposit limit is asked for). */
  kinds: LimitKind[];
  initialValues?: LimitValues;
  /** Called once the server has answered the change. */
  onSaved?: (answer: SetLimitResponse) => void;
  submitLabel?: string;
}

/** The play-time limit is daily only: choosing it moves a weekly or monthly period back to the day. */
function PeriodFollowsKind() {
  const form = useForm<LimitValues>();
  const kind = useField<LimitKind | undefined>('kind', { subscription: { value: true } }).input.value;
  useEffect(() => {
    const period = form.getState().values.period;
    if (kind && period && !PERIODS_OF[kind].includes(period)) form.change('period', 'DAY');
  }, [form, kind]);
  return null;
}

/** Sets one limit: lower applies at once, higher waits 24 h for the player's confirmation (said on answer). */
export function LimitForm({ kinds, initialValues, onSaved, submitLabel }: LimitFormProps) {
  const { t } = useTranslation('protection');
  const [setLimit] = useSetLimitMutation();
  const [answer, setAnswer] = useState<SetLimitResponse | null>(null);

  const onSubmit = (values: LimitValues) =>
    submitWith(async () => {
      setAnswer(null);
      const saved = await setLimit({
        setLimitRequest: { kind: values.kind!, period: values.period!, amount: Number(values.amount) },
      }).unwrap();
      setAnswer(saved);
      onSaved?.(saved);
    });

  return (
    <Form<LimitValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues ?? { kind: kinds[0], period: 'DAY' }}
      render={({ handleSubmit, submitting, submitError, values }) => (
        <FormFrame onSubmit={handleSubmit} submitError={submitError}>
          <PeriodFollowsKind />
          {kinds.length > 1 && (
            <RadioField
              name="kind"
              label={t('limits.form.kind')}
              optionType="button"
              options={kinds.map((kind) => ({ value: kind, label: t(`limits.kinds.${kind}`) }))}
            />
          )}
          <RadioField
            name="period"
            label={t('limits.form.period')}
            optionType="button"
            options={PERIODS_OF[values.kind ?? 'DEPOSIT'].map((period) => ({
              value: period,
              label: t(`limits.periods.${period}`),
            }))}
          />
          <TextField
            name="amount"
            label={values.kind === 'PLAY_TIME' ? t('limits.form.minutes') : t('limits.form.amount')}
            inputMode="numeric"
            autoComplete="off"
            suffix={values.kind === 'PLAY_TIME' ? t('limits.form.minutesUnit') : 'LAK'}
            parse={(text) => text.replace(/[\s.,]/g, '')}
            hint={t('limits.form.hint')}
          />
          {answer && (
            <Alert
              role="status"
              showIcon
              type={answer.outcome === 'APPLIED' ? 'success' : 'info'}
              title={
                answer.outcome === 'APPLIED'
                  ? t('limits.form.applied')
                  : t('limits.form.pending', {
                      from: formatDate(answer.limit.pending?.confirmableFrom),
                      until: formatDate(answer.limit.pending?.confirmableUntil),
                    })
              }
            />
          )}
          <Button type="primary" htmlType="submit" loading={submitting} block>
            {submitLabel ?? t('limits.form.submit')}
          </Button>
        </FormFrame>
      )}
    />
  );
}
