import { useMemo, useRef } from 'react';
import { Alert, Button, Typography } from 'antd';
import { Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
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
import { convertAmount, listPaymentMethods } from '@core/conversion';
import { formatMinor } from '@/lib/format';
import { createIdempotencyKeys } from '@/lib/idempotencyKeys';
import { PROVIDERS } from '@core/providers';
import { AmountField } from '@/ui/form/AmountField';
import { FormFrame } from '@/ui/form/FormFrame';
import { RadioField } from '@/ui/form/RadioField';
import { SelectField } from '@/ui/form/SelectField';
import { submitWith } from '@/ui/form/submitErrors';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { depositSchema, type DepositValues } from './depositSchema';

interface DepositFormProps {
  limits: AgencyInfoResponse['agency']['limits']['deposit'];
  currencies: readonly CurrencyEntry[];
  banks: readonly Bank[];
  /** The bank of the player's own account, chosen first. */
  playerBank?: BankCode;
  /** The promotion in use fixes the provider and the amount. */
  usage?: PromotionUsage;
  onCreated: (created: DepositWithQrResponse) => void;
}

/** Whole kip typed by the player, or null while it is not a whole number. */
function typedKip(text: string | undefined): number | null {
  return text && /^\d+$/.test(text) ? Number(text) : null;
}

export function DepositForm({ limits, currencies, banks, playerBank, usage, onCreated }: DepositFormProps) {
  const { t } = useTranslation('money');
  const [createDeposit] = useCreateDepositMutation();
  const idempotencyKeys = useRef(createIdempotencyKeys()).current;
  const methods = useMemo(() => listPaymentMethods(currencies, 'LAK'), [currencies]);
  const validate = useMemo(
    () =>
      validateWithYup<DepositValues>(
        depositSchema({ min: limits.min, max: limits.max, promotionAmount: usage?.depositAmount }),
      ),
    [limits.min, limits.max, usage?.depositAmount],
  );
  const initialValues = useMemo<DepositValues>(
    () => ({
      provider: usage?.provider,
      mid: methods.length === 1 ? methods[0]?.mid : undefined,
      bank: playerBank,
      amount: usage ? String(usage.depositAmount) : undefined,
    }),
    [usage, methods, playerBank],
  );

  const onSubmit = (values: DepositValues) => {
    const request = {
      provider: values.provider as Provider,
      mid: values.mid as string,
      bank: values.bank as BankCode,
      amount: Number(values.amount),
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

  const bounds = t('deposit.amountBounds', {
    min: formatMinor(limits.min, 'LAK'),
    max: formatMinor(limits.max, 'LAK'),
  });

  return (
    <FinalForm<DepositValues> onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
      {({ handleSubmit, submitting, submitError, values }) => {
        const kip = typedKip(values.amount);
        const credit =
          kip !== null && values.mid ? convertAmount('DEPOSIT', kip, currencies, values.mid) : null;
        return (
          <FormFrame onSubmit={handleSubmit} submitError={submitError}>
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
            <SelectField
              name="mid"
              label={t('deposit.paymentMethod')}
              placeholder={t('deposit.choosePaymentMethod')}
              options={methods.map((m) => ({ value: m.mid, label: m.displayName }))}
            />
            <SelectField
              name="bank"
              label={t('deposit.bank')}
              placeholder={t('deposit.chooseBank')}
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
            <Typography.Paragraph aria-live="polite">
              {t('deposit.creditPreview', {
                amount: kip === null ? '–' : formatMinor(kip, 'LAK'),
                credit: credit === null ? '–' : formatMinor(credit, 'THB'),
              })}
            </Typography.Paragraph>
            <Button type="primary" htmlType="submit" loading={submitting} block style={{ marginTop: 16 }}>
              {t('deposit.submit')}
            </Button>
          </FormFrame>
        );
      }}
    </FinalForm>
  );
}
