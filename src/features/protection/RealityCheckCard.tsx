import { Alert, Button } from 'antd';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useSetRealityCheckMutation } from '@/api';
import { FormFrame } from '@/ui/form/FormFrame';
import { RadioField } from '@/ui/form/RadioField';
import { submitWith } from '@/ui/form/submitErrors';
import { REALITY_CHECK_MINUTES } from '@core/protectionRules';
import { Panel } from '@/ui/Panel';

const OFF = 'off';

/** How often the site reminds the player of the time played and the session's result (RTS 13). */
export function RealityCheckCard({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation('protection');
  const [save] = useSetRealityCheckMutation();
  const [saved, setSaved] = useState(false);
  const options = [
    { value: OFF, label: t('realityCheck.off') },
    ...REALITY_CHECK_MINUTES.map((m) => ({ value: String(m), label: t('realityCheck.every', { count: m }) })),
  ];

  const onSubmit = ({ interval }: { interval?: string }) =>
    submitWith(async () => {
      setSaved(false);
      const value = !interval || interval === OFF ? null : Number(interval);
      await save({ body: { minutes: value as (typeof REALITY_CHECK_MINUTES)[number] | null } }).unwrap();
      setSaved(true);
    });

  return (
    <Panel title={t('realityCheck.title')}>
      <p>{t('realityCheck.intro')}</p>
      <Form<{ interval?: string }>
        onSubmit={onSubmit}
        initialValues={{ interval: minutes === null ? OFF : String(minutes) }}
        render={({ handleSubmit, submitting, submitError }) => (
          <FormFrame onSubmit={handleSubmit} submitError={submitError}>
            <RadioField
              name="interval"
              label={t('realityCheck.label')}
              optionType="button"
              options={options}
            />
            {saved && <Alert role="status" showIcon type="success" title={t('realityCheck.saved')} />}
            <Button type="primary" htmlType="submit" loading={submitting}>
              {t('realityCheck.save')}
            </Button>
          </FormFrame>
        )}
      />
    </Panel>
  );
}
