import { App, Button, Card, Form as AntForm, Select, Switch } from 'antd';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { validateWithYup } from '@/ui/form/validateWithYup';
import {
  errorCode,
  useGetStaffRewardSettingsQuery,
  useUpdateStaffRewardSettingsMutation,
} from '@/backoffice/api';
import type { StaffRewardSettings, StaffRewardSettingsChange } from '@/backoffice/api/generated';
import { TextInput } from '@/backoffice/form';

type Group = keyof StaffRewardSettings;
/** How a term is typed: satang as baht, basis points as a percent, LAK and counts as whole numbers. */
type Unit = 'baht' | 'percent' | 'whole';
type Term =
  | { key: string; kind: 'switch' }
  | { key: string; kind: 'choice'; options: readonly string[] }
  | { key: string; kind: 'number'; unit: Unit };

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

const PATTERN: Record<Unit, RegExp> = {
  baht: /^[0-9]{1,9}(\.[0-9]{1,2})?$/,
  percent: /^[0-9]{1,3}(\.[0-9]{1,2})?$/,
  whole: /^[0-9]{1,12}$/,
};

/** Hundredths as typed ("7.5" → 750), without floating point: satang from baht, basis points from %. */
function hundredths(text: string): number {
  const [whole, part = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

function toText(value: number, unit: Unit): string {
  if (unit === 'whole') return String(value);
  return value % 100 === 0 ? String(value / 100) : (value / 100).toFixed(2);
}

function toValue(text: string, unit: Unit): number {
  return unit === 'whole' ? Number(text.trim()) : hundredths(text);
}

type Values = Record<string, string | boolean>;

/** One reward's terms: its fields, sent as the change of what was edited. */
function GroupForm({ group, terms }: { group: Group; terms: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [save] = useUpdateStaffRewardSettingsMutation();
  const numbers = TERMS[group].filter((x): x is Extract<Term, { kind: 'number' }> => x.kind === 'number');
  const schema = object(
    Object.fromEntries(
      numbers.map((x) => [
        x.key,
        string().trim().required('login.required').matches(PATTERN[x.unit], 'settings.amountFormat'),
      ]),
    ),
  );
  const initial: Values = Object.fromEntries(
    TERMS[group].map((x) => [
      x.key,
      x.kind === 'number' ? toText(terms[x.key] as number, x.unit) : (terms[x.key] as string | boolean),
    ]),
  );
  return (
    <Card size="small" title={t(`rewards.${group}.title`)} style={{ marginBottom: 16 }}>
      <Form<Values>
        initialValues={initial}
        validate={validateWithYup<Values>(schema)}
        onSubmit={async (values) => {
          const change: Record<string, unknown> = {};
          for (const x of TERMS[group]) {
            const value = x.kind === 'number' ? toValue(String(values[x.key]), x.unit) : values[x.key];
            if (value !== terms[x.key]) change[x.key] = value;
          }
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
              {TERMS[group].map((x) => {
                const label = t(`rewards.${group}.${x.key}`);
                if (x.kind === 'number')
                  return <TextInput key={x.key} name={x.key} label={label} inputMode="numeric" />;
                const id = `field-${group}-${x.key}`;
                return (
                  <Field<string | boolean> key={x.key} name={x.key}>
                    {({ input }) => (
                      <AntForm.Item label={label} htmlFor={id}>
                        {x.kind === 'switch' ? (
                          <Switch id={id} checked={Boolean(input.value)} onChange={input.onChange} />
                        ) : (
                          <Select<string>
                            id={id}
                            value={String(input.value)}
                            onChange={input.onChange}
                            options={x.options.map((o) => ({ value: o, label: t(`rewards.options.${o}`) }))}
                            style={{ maxWidth: 240 }}
                          />
                        )}
                      </AntForm.Item>
                    )}
                  </Field>
                );
              })}
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
        <GroupForm key={group} group={group} terms={data[group] as unknown as Record<string, unknown>} />
      ))}
    </section>
  );
}
