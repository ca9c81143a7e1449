import { Alert, Button, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { Form, useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { apiErrorKey, useSelfExcludeMutation, type Exclusion } from '@/api';
import { selfExcludedPath } from '@/lib/loginReasons';
import { browser } from '@/lib/browser';
import { formatDate } from '@/lib/format';
import { describedBy, FieldItem } from '@/ui/form/FieldItem';
import { fieldErrorKey } from '@/ui/form/fieldError';
import { FormFrame } from '@/ui/form/FormFrame';
import { RadioField } from '@/ui/form/RadioField';
import { SELF_EXCLUSION_MONTHS } from '@core/protectionRules';
import { Panel } from '@/ui/Panel';
import '@build/antd/antd-modal.css';

interface SelfExclusionValues {
  months?: string;
  understood?: boolean;
}

function validate(values: SelfExclusionValues) {
  const errors: Record<string, string> = {};
  if (!values.months) errors.months = 'protection:selfExclusion.required';
  if (!values.understood) errors.understood = 'protection:selfExclusion.understandRequired';
  return errors;
}

function UnderstoodField() {
  const { t } = useTranslation('protection');
  const { input, meta } = useField<boolean>('understood', { type: 'checkbox' });
  return (
    <FieldItem name="understood" id="field-understood" label={null} meta={meta}>
      <Checkbox
        id="field-understood"
        checked={input.checked}
        onChange={(e) => input.onChange(e.target.checked)}
        aria-invalid={fieldErrorKey(meta) ? true : undefined}
        aria-describedby={describedBy('field-understood', fieldErrorKey(meta), undefined)}
      >
        {t('selfExclusion.understand')}
      </Checkbox>
    </FieldItem>
  );
}

/**
 * Self-exclusion for 6 months to 5 years (RTS 14): in force at once, every session ends. The site then
 * starts again from the login page, which says until when and where support is (a public page: nothing of
 * the ended session can be asked for again and send the player elsewhere).
 */
export function SelfExclusionCard({ exclusion }: { exclusion: Exclusion | null }) {
  const { t } = useTranslation('protection');
  const [selfExclude, excluding] = useSelfExcludeMutation();
  const [asked, setAsked] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (asked === null) return;
    setError(null);
    try {
      const answer = await selfExclude({
        body: { months: asked as (typeof SELF_EXCLUSION_MONTHS)[number] },
      }).unwrap();
      browser.goTo(selfExcludedPath(answer.exclusion.endsAt));
    } catch (err) {
      setError(apiErrorKey(err as Parameters<typeof apiErrorKey>[0]));
      setAsked(null);
    }
  };

  return (
    <Panel title={t('selfExclusion.title')}>
      <p>{t('selfExclusion.intro')}</p>
      {exclusion?.kind === 'SELF_EXCLUSION' && (
        <Alert
          role="status"
          showIcon
          type="warning"
          title={t('selfExclusion.inForce', { date: formatDate(exclusion.endsAt) })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<SelfExclusionValues>
        onSubmit={({ months }) => setAsked(Number(months))}
        validate={validate}
        render={({ handleSubmit }) => (
          <FormFrame onSubmit={handleSubmit}>
            <RadioField
              name="months"
              label={t('selfExclusion.label')}
              optionType="button"
              options={SELF_EXCLUSION_MONTHS.map((m) => ({
                value: String(m),
                label: t(`selfExclusion.options.${m}`),
              }))}
            />
            <UnderstoodField />
            {error && <Alert role="alert" showIcon type="error" title={t(error)} />}
            <Button danger type="primary" htmlType="submit">
              {t('selfExclusion.submit')}
            </Button>
          </FormFrame>
        )}
      />
      <Modal
        open={asked !== null}
        title={t('selfExclusion.confirmTitle')}
        okText={t('selfExclusion.confirmOk')}
        okButtonProps={{ danger: true }}
        cancelText={t('cancel')}
        confirmLoading={excluding.isLoading}
        onOk={() => void confirm()}
        onCancel={() => setAsked(null)}
      >
        <p>
          {t('selfExclusion.confirmText', {
            length: asked === null ? '' : t(`selfExclusion.options.${asked}`),
          })}
        </p>
      </Modal>
    </Panel>
  );
}
