import { Alert, App, Button, Form as AntForm, Typography } from 'antd';
import dayjs from 'dayjs';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { string } from 'yup';
import { validateWithYup } from '@/ui/form/validateWithYup';
import {
  errorCode,
  type StaffPromotion,
  useCreateStaffPromotionMutation,
  useUpdateStaffPromotionRulesMutation,
} from '@/backoffice/api';
import type { StaffPromotionRules } from '@/backoffice/api/generated';
import { TextInput } from '@/backoffice/form';
import {
  contractValues,
  type Term,
  TermField,
  type TermValues,
  termsSchema,
  termValues,
} from '@/backoffice/termFields';

/** A promotion's rules as staff type them: kip, whole percents and times, baht for credit. */
const RULES: readonly Term[] = [
  { key: 'depositAmount', kind: 'number', unit: 'whole', min: 1 },
  { key: 'bonusPercent', kind: 'number', unit: 'whole' },
  { key: 'maxBonusCredit', kind: 'number', unit: 'baht' },
  { key: 'turnover', kind: 'number', unit: 'whole' },
  // 0 would refuse every claim (a claim needs less credit than this at the provider).
  { key: 'creditThreshold', kind: 'number', unit: 'baht', min: 1 },
  { key: 'maxWithdrawPercent', kind: 'number', unit: 'whole', min: 1 },
  { key: 'minWithdrawCredit', kind: 'number', unit: 'baht' },
  { key: 'firstOrderOnly', kind: 'switch' },
  { key: 'oneTime', kind: 'switch' },
  { key: 'withdrawAll', kind: 'switch' },
];

/** The rules' names, in the order the forms show them (the CSV export's columns too). */
export const RULE_KEYS = RULES.map((term) => term.key as keyof StaffPromotionRules);

/** What a new promotion starts from: the shape of the seeded ones, for staff to adjust. */
const STARTING_RULES: StaffPromotionRules = {
  depositAmount: 100_000,
  bonusPercent: 10,
  maxBonusCredit: 10_000,
  turnover: 3,
  firstOrderOnly: false,
  withdrawAll: false,
  creditThreshold: 5_000,
  oneTime: true,
  maxWithdrawPercent: 500,
  minWithdrawCredit: 0,
};

/**
 * A refusal that belongs to a field, said there (final-form's submission errors): a taken address, a
 * deposit outside the bounds players can deposit. Others are said in a message.
 */
function fieldRefusal(error: unknown): Record<string, string> | undefined {
  const code = errorCode(error);
  if (code === 'PROMOTION_ID_TAKEN') return { id: 'errors.PROMOTION_ID_TAKEN' };
  const details = (error as { data?: { details?: { field?: string }[] } }).data?.details ?? [];
  if (code === 'VALIDATION_ERROR' && details.some((d) => d.field === 'depositAmount'))
    return { depositAmount: 'promotions.rules.depositBounds' };
  return undefined;
}

function RuleFields({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {RULES.map((term) => (
        <TermField
          key={term.key}
          term={term}
          label={t(`promotions.rules.${term.key}`)}
          disabled={disabled}
          idPrefix="rules-"
        />
      ))}
    </>
  );
}

/**
 * A promotion's rules, replaced as a whole while no player has claimed it. Once one has, they are what that
 * player agreed to: shown, not editable, with the way to offer other terms.
 */
export function RulesEditor({ promotion }: { promotion: StaffPromotion }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [save] = useUpdateStaffPromotionRulesMutation();
  return (
    <Form<TermValues>
      key={`${promotion.id}-${JSON.stringify(promotion.rules)}`}
      initialValues={termValues(RULES, promotion.rules)}
      validate={validateWithYup<TermValues>(termsSchema(RULES))}
      onSubmit={async (values) => {
        const result = await save({
          promotionId: promotion.id,
          staffPromotionRules: contractValues(RULES, values) as unknown as StaffPromotionRules,
        });
        if ('error' in result)
          return (
            fieldRefusal(result.error) ??
            void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`))
          );
        void message.success(t('promotions.rulesSaved'));
      }}
      render={({ handleSubmit, submitting }) => (
        <AntForm layout="vertical" component="div" style={{ marginTop: 24, maxWidth: 420 }}>
          <form onSubmit={handleSubmit} noValidate>
            <Typography.Title level={3} style={{ fontSize: '1.1rem' }}>
              {t('promotions.rules.title')}
            </Typography.Title>
            {promotion.claimed && (
              <Alert
                type="info"
                showIcon
                role="status"
                style={{ marginBottom: 16 }}
                title={t('promotions.rules.locked')}
              />
            )}
            <RuleFields disabled={promotion.claimed} />
            {!promotion.claimed && (
              <Button htmlType="submit" loading={submitting}>
                {t('promotions.rules.save')}
              </Button>
            )}
          </form>
        </AntForm>
      )}
    />
  );
}

type NewValues = TermValues & { id: string; title: string; description: string; endsAt: string };

const newSchema = termsSchema(RULES).shape({
  id: string()
    .trim()
    .required('login.required')
    .matches(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'promotions.idFormat'),
  title: string().trim().required('login.required').max(120, 'promotions.tooLong'),
  description: string().trim().required('login.required').max(2000, 'promotions.tooLong'),
  endsAt: string()
    .required('login.required')
    .test('future', 'promotions.endsFuture', (v) => !v || dayjs(v).isAfter(dayjs())),
});

/**
 * A new promotion: its address, Lao text, end and rules. Players can claim it once saved; the other
 * languages are written in its editor, which opens next.
 */
export function NewPromotionForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [create] = useCreateStaffPromotionMutation();
  const initial: NewValues = {
    ...termValues(RULES, STARTING_RULES),
    id: '',
    title: '',
    description: '',
    endsAt: dayjs().add(30, 'day').startOf('hour').format('YYYY-MM-DDTHH:mm'),
  };
  return (
    <Form<NewValues>
      initialValues={initial}
      validate={validateWithYup<NewValues>(newSchema)}
      onSubmit={async (values) => {
        const id = values.id.trim();
        const result = await create({
          staffNewPromotion: {
            id,
            title: values.title.trim(),
            description: values.description.trim(),
            endsAt: dayjs(values.endsAt).toISOString(),
            rules: contractValues(RULES, values) as unknown as StaffPromotionRules,
          },
        });
        if ('error' in result)
          return (
            fieldRefusal(result.error) ??
            void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`))
          );
        void message.success(t('promotions.created', { id }));
        onCreated(id);
      }}
      render={({ handleSubmit, submitting }) => (
        <AntForm layout="vertical" component="div" style={{ maxWidth: 420 }}>
          <form onSubmit={handleSubmit} noValidate>
            <TextInput name="id" label={t('promotions.newId')} autoComplete="off" />
            <TextInput name="title" label={t('promotions.title')} />
            <TextInput name="description" label={t('promotions.description')} multiline />
            <TextInput name="endsAt" label={t('promotions.endsAt')} type="datetime-local" />
            <RuleFields />
            <Button type="primary" htmlType="submit" loading={submitting}>
              {t('promotions.create')}
            </Button>
          </form>
        </AntForm>
      )}
    />
  );
}
