import { parseTypedKip } from '@core/money';
import { useEffect, useMemo, useRef } from 'react';
import { Alert, Button, Flex } from 'antd';
import { Form as FinalForm, useField, useForm, useFormState } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Typography } from '@/ui/Typography';
import {
  useCreateDepositMutation,
  type AgencyInfoResponse,
  type Bank,
  type BankCode,
  type CurrencyEntry,
  type DepositWithQrResponse,
  type PromotionUsage,
  type Provider,
} from '@/api';
import { promotionBonus, type BonusTerms } from '@core/bonus';
import { convertAmount, listPaymentMethods } from '@core/conversion';
import { formatMinor } from '@/lib/format';
import { createIdempotencyKeys } from '@/lib/idempotencyKeys';
import { PROVIDERS } from '@core/providers';
import { AmountField } from '@/ui/form/AmountField';
import { FormFrame } from '@/ui/form/FormFrame';
import { usePostedForm } from '@/ui/form/formPost';
import { RadioField } from '@/ui/form/RadioField';
import { SelectField } from '@/ui/form/SelectField';
import { submitWith } from '@/ui/form/submitErrors';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { depositSchema, type DepositValues } from './depositSchema';

interface DepositFormProps {
  /**
   * The agency's deposit limits. Absent while the page's answers are on their way: the form is drawn and
   * takes input at once (the page's first paint is the form, not a spinner); sending waits for them.
   */
  limits?: AgencyInfoResponse['agency']['limits']['deposit'];
  currencies: readonly CurrencyEntry[];
  banks: readonly Bank[];
  /** The bank chosen first: the player's own account's, else the one of their last deposit. */
  playerBank?: BankCode;
  /** The provider chosen first: the one the player came from, else their last deposit's, else the home one. */
  provider?: Provider;
  /** The promotion in use fixes the provider and the amount. */
  usage?: PromotionUsage;
  /** The claimed promotion's bonus, added to the credit preview while its qualifying deposit is to come. */
  bonus?: BonusTerms;
  onCreated: (created: DepositWithQrResponse) => void;
}

/** Whole kip typed by the player, or null while it is not a whole number. */
function typedKip(text: string | undefined): number | null {
  return text ? parseTypedKip(text) : null;
}

/** The values a post carried, without those it sent empty. */
function filledIn(values: DepositValues | undefined): DepositValues {
  return Object.fromEntries(
    Object.entries(values ?? {}).filter(([, value]) => value !== '' && value != null),
  );
}

/**
 * The only choice of a list stays chosen: whatever order the list, the form's start and the page's takeover
 * come in, a field left empty while there is one choice takes it (issue 50, item 6).
 */
function OnlyChoice({ name, only }: { name: keyof DepositValues; only: string | undefined }) {
  const form = useForm<DepositValues>();
  const { input } = useField<string>(name, { subscription: { value: true } });
  useEffect(() => {
    if (only && !input.value) form.change(name, only);
  }, [form, name, only, input.value]);
  return null;
}

/** Amounts offered as one-tap chips (LAK), those within the agency's deposit limits. */
export const QUICK_AMOUNTS = [100_000, 200_000, 500_000, 1_000_000] as const;

/**
 * The one-tap amounts. They, the amount field and the credit preview are all a chip's tap redraws: the form
 * itself is subscribed only to its sending state (a tap on a cheap phone stays one short task).
 */
function QuickAmounts({ amounts }: { amounts: readonly number[] }) {
  const { t } = useTranslation('money');
  const form = useForm<DepositValues>();
  const { input } = useField<string>('amount', { subscription: { value: true } });
  const kip = typedKip(input.value);
  return (
    <Flex gap={8} wrap role="group" aria-label={t('deposit.quickAmounts')}>
      {amounts.map((amount) => (
        <Button
          key={amount}
          shape="round"
          size="small"
          type={kip === amount ? 'primary' : 'default'}
          aria-pressed={kip === amount}
          onClick={() => form.change('amount', String(amount))}
        >
          {formatMinor(amount, 'LAK')}
        </Button>
      ))}
    </Flex>
  );
}

/** What the typed amount buys: the credit at the chosen method's rate, with the promotion's bonus. */
function CreditPreview({
  currencies,
  bonus,
}: {
  currencies: readonly CurrencyEntry[];
  bonus: BonusTerms | undefined;
}) {
  const { t } = useTranslation('money');
  const { values } = useFormState<DepositValues>({ subscription: { values: true } });
  const kip = typedKip(values.amount);
  const credit = kip !== null && values.mid ? convertAmount('DEPOSIT', kip, currencies, values.mid) : null;
  const bonusCredit = credit !== null && bonus ? promotionBonus(credit, bonus) : 0;
  return (
    <Typography.Paragraph aria-live="polite" style={{ marginTop: 12 }}>
      {bonusCredit > 0
        ? t('deposit.creditPreviewBonus', {
            amount: formatMinor(kip ?? 0, 'LAK'),
            credit: formatMinor(credit ?? 0, 'THB'),
            bonus: formatMinor(bonusCredit, 'THB'),
          })
        : t('deposit.creditPreview', {
            amount: kip === null ? '–' : formatMinor(kip, 'LAK'),
            credit: credit === null ? '–' : formatMinor(credit, 'THB'),
          })}
    </Typography.Paragraph>
  );
}

export function DepositForm(props: DepositFormProps) {
  const { limits, currencies, banks, playerBank, provider, usage, bonus, onCreated } = props;
  const { t } = useTranslation('money');
  const [createDeposit] = useCreateDepositMutation();
  const idempotencyKeys = useRef(createIdempotencyKeys()).current;
  const methods = useMemo(() => listPaymentMethods(currencies, 'LAK'), [currencies]);
  const validate = useMemo(
    () =>
      limits
        ? validateWithYup<DepositValues>(
            depositSchema({ min: limits.min, max: limits.max, promotionAmount: usage?.depositAmount }),
          )
        : // Nothing to judge the amount by yet (and nothing can be sent meanwhile).
          () => ({}),
    [limits, usage?.depositAmount],
  );
  // After a post the server refused (before the app arrived), the form starts with what was sent.
  const { answer } = usePostedForm('deposit');
  // The one payment method there is (LAO QR) is always the choice.
  const onlyMethod = methods.length === 1 ? methods[0]?.mid : undefined;
  const initialValues = useMemo<DepositValues>(
    () => ({
      provider: usage?.provider ?? provider,
      mid: onlyMethod,
      bank: playerBank,
      amount: usage ? String(usage.depositAmount) : undefined,
      // What was sent, but a field sent empty (a form drawn before the method list came) takes its default.
      ...filledIn(answer?.values as DepositValues | undefined),
    }),
    [usage, provider, onlyMethod, playerBank, answer],
  );

  const onSubmit = (values: DepositValues) => {
    const request = {
      provider: values.provider as Provider,
      mid: (values.mid ?? onlyMethod) as string,
      bank: values.bank as BankCode,
      amount: parseTypedKip(values.amount ?? '') ?? 0,
    };
    return submitWith(async () => {
      const created = await createDeposit({
        'Idempotency-Key': idempotencyKeys.keyFor(request),
        createDepositRequest: request,
      }).unwrap();
      idempotencyKeys.reset();
      onCreated(created);
    });
  };

  // While pending the hint keeps its line, so nothing below it moves when the limits arrive.
  const bounds = t('deposit.amountBounds', {
    min: limits ? formatMinor(limits.min, 'LAK') : '–',
    max: limits ? formatMinor(limits.max, 'LAK') : '–',
  });

  return (
    // What the player chose or typed before the answers came stays; untouched fields take their defaults.
    <FinalForm<DepositValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      keepDirtyOnReinitialize
      subscription={{ submitting: true, submitError: true }}
    >
      {({ handleSubmit, submitting, submitError }) => {
        const quickAmounts = limits
          ? QUICK_AMOUNTS.filter((a) => a >= limits.min && a <= limits.max)
          : QUICK_AMOUNTS;
        return (
          <FormFrame onSubmit={handleSubmit} submitError={submitError} pending={!limits} post="deposit">
            {usage && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('deposit.promotionInUse', { title: usage.promotionTitle })}
                description={t('deposit.promotionRule', {
                  amount: formatMinor(usage.depositAmount, 'LAK'),
                  provider: t(`provider.${usage.provider}`),
                })}
              />
            )}
            <RadioField
              name="provider"
              label={t('deposit.provider')}
              disabled={Boolean(usage)}
              options={PROVIDERS.map((p) => ({ value: p, label: t(`provider.${p}`) }))}
            />
            <OnlyChoice name="mid" only={onlyMethod} />
            <SelectField
              name="mid"
              label={t('deposit.paymentMethod')}
              placeholder={t('deposit.choosePaymentMethod')}
              options={methods.map((m) => ({ value: m.mid, label: m.displayName }))}
              loading={!limits}
            />
            {/* The banks side by side: one tap, where a picker takes two (issue 50). */}
            <RadioField
              name="bank"
              label={t('deposit.bank')}
              tiles
              options={banks.map((b) => ({ value: b.code, label: b.name }))}
            />
            <AmountField
              name="amount"
              label={t('deposit.amount')}
              currency="LAK"
              hint={bounds}
              messageValues={{ bounds }}
              readOnly={Boolean(usage)}
            />
            {!usage && quickAmounts.length > 0 && <QuickAmounts amounts={quickAmounts} />}
            <CreditPreview currencies={currencies} bonus={bonus} />
            <Button
              type="primary"
              htmlType="submit"
              loading={submitting}
              disabled={!limits}
              block
              style={{ marginTop: 16 }}
            >
              {t('deposit.submit')}
            </Button>
          </FormFrame>
        );
      }}
    </FinalForm>
  );
}
