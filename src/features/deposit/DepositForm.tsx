import { useMemo, useRef } from 'react';
import { Alert, Button, Form, Input, Radio, Select, Typography } from 'antd';
import { FORM_ERROR } from 'final-form';
import { Field, Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import {
  apiErrorKey,
  type ApiError,
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
import { validateWithYup } from '@/lib/validateWithYup';
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

  const onSubmit = async (values: DepositValues) => {
    const request = {
      provider: values.provider as Provider,
      mid: values.mid as string,
      bank: values.bank as BankCode,
      amount: Number(values.amount),
    };
    try {
      const created = await createDeposit({
        'Idempotency-Key': idempotencyKeys.keyFor(request),
        createDepositRequest: request,
      }).unwrap();
      idempotencyKeys.reset();
      onCreated(created);
      return undefined;
    } catch (error) {
      return { [FORM_ERROR]: apiErrorKey(error as ApiError) };
    }
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
          <form onSubmit={handleSubmit} noValidate>
            <Form layout="vertical" component={false}>
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
              <Field<string> name="provider">
                {({ input, meta }) => (
                  <Form.Item
                    label={<span id="deposit-provider">{t('deposit.provider')}</span>}
                    required
                    validateStatus={meta.touched && meta.error ? 'error' : undefined}
                    help={meta.touched && meta.error ? t(meta.error) : undefined}
                  >
                    <Radio.Group
                      aria-labelledby="deposit-provider"
                      value={input.value}
                      disabled={Boolean(usage)}
                      onChange={(e) => input.onChange(e.target.value)}
                      options={PROVIDERS.map((p) => ({ value: p, label: t(`provider.${p}`) }))}
                    />
                  </Form.Item>
                )}
              </Field>
              <Field<string> name="mid">
                {({ input, meta }) => (
                  <Form.Item
                    label={t('deposit.paymentMethod')}
                    htmlFor="deposit-mid"
                    required
                    validateStatus={meta.touched && meta.error ? 'error' : undefined}
                    help={meta.touched && meta.error ? t(meta.error) : undefined}
                  >
                    <Select
                      id="deposit-mid"
                      value={input.value || undefined}
                      onChange={input.onChange}
                      placeholder={t('deposit.choosePaymentMethod')}
                      options={methods.map((m) => ({ value: m.mid, label: m.displayName }))}
                    />
                  </Form.Item>
                )}
              </Field>
              <Field<string> name="bank">
                {({ input, meta }) => (
                  <Form.Item
                    label={t('deposit.bank')}
                    htmlFor="deposit-bank"
                    required
                    validateStatus={meta.touched && meta.error ? 'error' : undefined}
                    help={meta.touched && meta.error ? t(meta.error) : undefined}
                  >
                    <Select
                      id="deposit-bank"
                      value={input.value || undefined}
                      onChange={input.onChange}
                      placeholder={t('deposit.chooseBank')}
                      options={banks.map((b) => ({ value: b.code, label: b.name }))}
                    />
                  </Form.Item>
                )}
              </Field>
              <Field<string> name="amount">
                {({ input, meta }) => (
                  <Form.Item
                    label={t('deposit.amount')}
                    htmlFor="deposit-amount"
                    required
                    validateStatus={meta.touched && meta.error ? 'error' : undefined}
                    help={meta.touched && meta.error ? t(meta.error, { bounds }) : undefined}
                    extra={bounds}
                  >
                    <Input
                      {...input}
                      id="deposit-amount"
                      inputMode="numeric"
                      autoComplete="off"
                      suffix="LAK"
                      readOnly={Boolean(usage)}
                    />
                  </Form.Item>
                )}
              </Field>
              <Typography.Paragraph aria-live="polite">
                {t('deposit.creditPreview', {
                  amount: kip === null ? '–' : formatMinor(kip, 'LAK'),
                  credit: credit === null ? '–' : formatMinor(credit, 'THB'),
                })}
              </Typography.Paragraph>
              {submitError && <Alert type="error" showIcon role="alert" title={t(submitError)} />}
              <Button type="primary" htmlType="submit" loading={submitting} block style={{ marginTop: 16 }}>
                {t('deposit.submit')}
              </Button>
            </Form>
          </form>
        );
      }}
    </FinalForm>
  );
}
