import { Alert, Button, Card, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { Form, useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { api, apiErrorKey, useSelfExcludeMutation, type Exclusion } from '@/api';
import { browser } from '@/lib/browser';
import { formatDate } from '@/lib/format';
import { useAppDispatch } from '@/lib/storeHooks';
import { describedBy, FieldItem } from '@/ui/form/FieldItem';
import { fieldErrorKey } from '@/ui/form/fieldError';
import { FormFrame } from '@/ui/form/FormFrame';
import { RadioField } from '@/ui/form/RadioField';
import { SELF_EXCLUSION_MONTHS } from './protectionRules';
import { SupportLinks } from './SupportLinks';

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
    <FieldItem id="field-understood" label={null} meta={meta}>
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
 * Self-exclusion for 6 months to 5 years (RTS 14): in force at once, every session ends. The last dialog
 * says until when and where support is, then the site starts again from its front page.
 */
export function SelfExclusionCard({ exclusion }: { exclusion: Exclusion | null }) {
  const { t } = useTranslation('protection');
  const dispatch = useAppDispatch();
  const [selfExclude, excluding] = useSelfExcludeMutation();
  const [asked, setAsked] = useState<number | null>(null);
  const [done, setDone] = useState<Exclusion | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (asked === null) return;
    setError(null);
    try {
      const answer = await selfExclude({
        body: { months: asked as (typeof SELF_EXCLUSION_MONTHS)[number] },
      }).unwrap();
      setDone(answer.exclusion);
    } catch (err) {
      setError(apiErrorKey(err as Parameters<typeof apiErrorKey>[0]));
      setAsked(null);
    }
  };

  const leave = () => {
    // The session has ended on the server: nothing of this player stays in memory.
    dispatch(api.util.resetApiState());
    browser.goTo('/');
  };

  return (
    <Card title={t('selfExclusion.title')}>
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
      {/* One dialog from the question to the answer: the confirmation turns into what happened. */}
      <Modal
        open={asked !== null || done !== null}
        title={done ? t('selfExclusion.doneTitle') : t('selfExclusion.confirmTitle')}
        closable={!done}
        mask={{ closable: !done }}
        keyboard={!done}
        onCancel={() => setAsked(null)}
        footer={
          done ? (
            <Button type="primary" onClick={leave}>
              {t('ok')}
            </Button>
          ) : (
            [
              <Button key="cancel" onClick={() => setAsked(null)}>
                {t('cancel')}
              </Button>,
              <Button
                key="ok"
                danger
                type="primary"
                loading={excluding.isLoading}
                onClick={() => void confirm()}
              >
                {t('selfExclusion.confirmOk')}
              </Button>,
            ]
          )
        }
      >
        {done ? (
          <>
            <p>{t('selfExclusion.doneText', { date: formatDate(done.endsAt) })}</p>
            <SupportLinks />
          </>
        ) : (
          <p>
            {t('selfExclusion.confirmText', {
              length: asked === null ? '' : t(`selfExclusion.options.${asked}`),
            })}
          </p>
        )}
      </Modal>
    </Card>
  );
}
