import { Alert, App, Button, Card, Form as AntForm } from 'antd';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { validateWithYup } from '@/ui/form/validateWithYup';
import {
  errorCode,
  useGetStaffRewardSettingsQuery,
  useUpdateStaffRewardSettingsMutation,
} from '@/backoffice/api';
import type { StaffRewardSettings, StaffRewardSettingsChange } from '@/backoffice/api/generated';
import { formatTime } from '@/backoffice/format';
import {
  contractValues,
  type Term,
  TermField,
  type TermValues,
  termsSchema,
  termValues,
} from '@/backoffice/termFields';

type Group = 'cashback' | 'checkIn' | 'referral';

const TERMS: Record<Group, readonly Term[]> = {
  cashback: [
    { key: 'enabled', kind: 'switch' },
    { key: 'rateBasisPoints', kind: 'number', unit: 'percent' },
    { key: 'period', kind: 'choice', options: ['DAY', 'WEEK'] },
    { key: 'minLoss', kind: 'number', unit: 'baht' },
    { key: 'maxPayment', kind: 'number', unit: 'baht' },
    { key: 'turnover', kind: 'number', unit: 'whole' },
    { key: 'payment', kind: 'choice', options: ['AUTO', 'CLAIM'] },
  ],
  checkIn: [
    { key: 'enabled', kind: 'switch' },
    { key: 'dayReward', kind: 'number', unit: 'baht' },
    { key: 'streakDays', kind: 'number', unit: 'whole' },
    { key: 'streakBonus', kind: 'number', unit: 'baht' },
    { key: 'minDeposit', kind: 'number', unit: 'whole' },
    { key: 'minTurnover', kind: 'number', unit: 'baht' },
    { key: 'turnover', kind: 'number', unit: 'whole' },
  ],
  referral: [
    { key: 'enabled', kind: 'switch' },
    { key: 'basis', kind: 'choice', options: ['STAKES', 'NET_LOSS'] },
    { key: 'rateBasisPoints', kind: 'number', unit: 'percent' },
    { key: 'monthlyCap', kind: 'number', unit: 'baht' },
    { key: 'turnover', kind: 'number', unit: 'whole' },
  ],
};

/** One reward's terms: its fields, sent as the change of what was edited. */
function GroupForm({
  group,
  terms,
  periodChange,
}: {
  group: Group;
  terms: Record<string, unknown>;
  periodChange?: StaffRewardSettings['cashbackPeriodChange'];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [save] = useUpdateStaffRewardSettingsMutation();
  const initial = termValues(TERMS[group], terms);
  return (
    <Card size="small" title={t(`rewards.${group}.title`)} style={{ marginBottom: 16 }}>
      {periodChange && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('rewards.cashback.periodChange', {
            period: t(`rewards.options.${periodChange.period}`),
            from: formatTime(periodChange.from),
          })}
        />
      )}
      <Form<TermValues>
        initialValues={initial}
        validate={validateWithYup<TermValues>(termsSchema(TERMS[group]))}
        onSubmit={async (values) => {
          const change = Object.fromEntries(
            Object.entries(contractValues(TERMS[group], values)).filter(
              ([key, value]) => value !== terms[key],
            ),
          );
          if (Object.keys(change).length === 0) return;
          const result = await save({
            staffRewardSettingsChange: { [group]: change } as StaffRewardSettingsChange,
          });
          if ('error' in result)
            return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
          void message.success(t('settings.saved'));
        }}
        render={({ handleSubmit, submitting }) => (
          <AntForm layout="vertical" component="div">
            <form onSubmit={handleSubmit} noValidate>
              {TERMS[group].map((x) => (
                <TermField
                  key={x.key}
                  term={x}
                  label={t(`rewards.${group}.${x.key}`)}
                  optionLabel={(o) => t(`rewards.options.${o}`)}
                  idPrefix={`${group}-`}
                />
              ))}
              <Button type="primary" htmlType="submit" loading={submitting}>
                {t('rewards.save', { name: t(`rewards.${group}.title`) })}
              </Button>
            </form>
          </AntForm>
        )}
      />
    </Card>
  );
}

/** The rewards' terms, one card per reward (docs/rewards.md); each change applies from then on. */
export function RewardSettingsForm() {
  const { t } = useTranslation();
  const { data } = useGetStaffRewardSettingsQuery();
  if (!data) return null;
  return (
    <section aria-label={t('rewards.title')} style={{ maxWidth: 520, marginTop: 32 }}>
      {(Object.keys(TERMS) as Group[]).map((group) => (
        <GroupForm
          key={group}
          group={group}
          terms={data[group] as unknown as Record<string, unknown>}
          {...(group === 'cashback' && data.cashbackPeriodChange
            ? { periodChange: data.cashbackPeriodChange }
            : {})}
        />
      ))}
    </section>
  );
}
