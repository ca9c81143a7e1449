import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Radio } from 'antd';
import { Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Typography } from '@/ui/Typography';
import {
  apiErrorKey,
  useCreateWithdrawMutation,
  useGetPlayerCreditQuery,
  useGetWithdrawPromotionInfoQuery,
  type BankAccount,
  type CurrencyEntry,
  type MoneyRange,
  type Order,
  type Provider,
} from '@/api';
import { convertAmount, listPaymentMethods } from '@core/conversion';
import { formatMinor } from '@/lib/format';
import { createIdempotencyKeys } from '@/lib/idempotencyKeys';
import { parseThbToSatang, parseTypedBaht, satangToThb } from '@core/money';
import { PROVIDERS } from '@core/providers';
import { AmountField } from '@/ui/form/AmountField';
import { FormFrame } from '@/ui/form/FormFrame';
import { usePostedForm } from '@/ui/form/formPost';
import { submitWith } from '@/ui/form/submitErrors';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { withdrawSchema, type WithdrawValues } from './withdrawSchema';
import styles from './WithdrawForm.module.css';
import { promotionRefusal, type PromotionRefusal } from '@/ui/promotionRefusal';
import { FormItem } from '@/ui/form/FormItem';

interface WithdrawFormProps {
  /**
   * The player's bank account and the agency's withdrawal limits. Absent while the page's answers are on
   * their way: the form is drawn and takes input at once (the page's first paint is the form, not a
   * spinner); sending waits for them.
   */
  account?: BankAccount;
  limits?: MoneyRange;
  currencies: readonly CurrencyEntry[];
  onCreated: (order: Order) => void;
}

/** An amount as a player may type it, written the site's way (100,50): the placeholder and the format error. */
const AMOUNT_EXAMPLE = formatMinor(10050, 'THB');

function isProvider(value: unknown): value is Provider {
  return (PROVIDERS as readonly unknown[]).includes(value);
}

export function WithdrawForm({ account, limits, currencies, onCreated }: WithdrawFormProps) {
  const { t } = useTranslation('money');
  // After a post the server refused (before the app arrived), the form starts with what was sent.
  const { answer } = usePostedForm('withdraw');
  // The provider lives outside the form: its credit and promotion rules shape the amount's validation.
  // Chosen by a post the server refused, else by the address (the provider links a browser without the
  // app follows), else the first.
  const [search] = useSearchParams();
  const [provider, setProvider] = useState<Provider>(() => {
    const chosen = answer?.values.provider ?? search.get('provider');
    return isProvider(chosen) ? chosen : 'alphabet';
  });
  // Bumped after each withdrawal: a fresh form for the next one, while a failed one keeps its amount.
  const [round, setRound] = useState(0);
  const creditQuery = useGetPlayerCreditQuery({ game: provider });
  const promotionQuery = useGetWithdrawPromotionInfoQuery({ provider });
  const [createWithdraw] = useCreateWithdrawMutation();
  const idempotencyKeys = useRef(createIdempotencyKeys()).current;
  // A promotion refusal with its numbers (turnover still to play, credit to withdraw) replaces the code's text.
  const [refusal, setRefusal] = useState<PromotionRefusal>();

  const credit = creditQuery.data ? (parseThbToSatang(creditQuery.data.credit.amount) ?? 0) : 0;
  const promotion = promotionQuery.data;
  const withdrawAll = Boolean(promotion?.hasPromotion && promotion.withdrawAll);
  // Withdrawals are paid out in LAK at the LAK payment method's buy rate.
  const payoutMid = useMemo(() => listPaymentMethods(currencies, 'LAK')[0]?.mid, [currencies]);

  const pending = !account || !limits;
  const validate = useMemo(
    () =>
      limits
        ? validateWithYup<WithdrawValues>(
            withdrawSchema({ min: limits.min, max: limits.max, credit, withdrawAll }),
          )
        : // Nothing to judge the amount by yet (and nothing can be sent meanwhile).
          () => ({}),
    [limits, credit, withdrawAll],
  );
  // A promotion that requires withdrawing everything prefills (and fixes) the whole credit. The prefill is a
  // string so the form is re-initialised only when it changes, not whenever the credit is refetched.
  const prefill = withdrawAll ? satangToThb(credit) : undefined;
  const initialValues = useMemo<WithdrawValues>(
    () => ({ amount: prefill ?? answer?.values.amount }),
    [prefill, answer],
  );

  const onSubmit = async (values: WithdrawValues) => {
    if (!account) return undefined;
    const request = {
      provider,
      bankAccountId: account.id,
      credit: parseTypedBaht(values.amount ?? '') ?? 0,
    };
    setRefusal(undefined);
    return submitWith(
      async () => {
        const { order } = await createWithdraw({
          'Idempotency-Key': idempotencyKeys.keyFor(request),
          createWithdrawRequest: request,
        }).unwrap();
        idempotencyKeys.reset();
        setRound((r) => r + 1);
        onCreated(order);
      },
      (error) => {
        setRefusal(promotionRefusal(error));
        return apiErrorKey(error);
      },
    );
  };

  // While pending the hint keeps its line, so nothing below it moves when the limits arrive.
  const bounds = t('withdraw.amountBounds', {
    min: limits ? formatMinor(limits.min, 'THB') : '–',
    max: limits ? formatMinor(limits.max, 'THB') : '–',
  });

  // The provider, its credit and rules: drawn inside the form, so a browser without the app posts the choice.
  const choice = (
    <>
      <FormItem label={<span id="withdraw-provider">{t('withdraw.provider')}</span>} required>
        <Radio.Group
          aria-labelledby="withdraw-provider"
          // Inside the form: posted by a browser without the app.
          name="provider"
          value={provider}
          onChange={(e) => setProvider(e.target.value as Provider)}
          options={PROVIDERS.map((p) => ({ value: p, label: t(`provider.${p}`) }))}
        />
        {/* Without the app, choosing a provider cannot show its credit: each has a link that does. */}
        <noscript>
          <p>
            {t('withdraw.showCreditOf')}{' '}
            {PROVIDERS.map((p, i) => (
              <span key={p}>
                {i > 0 && ' · '}
                <a href={`?provider=${p}`} style={{ textDecoration: 'underline' }}>
                  {t(`provider.${p}`)}
                </a>
              </span>
            ))}
          </p>
        </noscript>
      </FormItem>
      <Descriptions className={styles.details} column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('withdraw.credit')}>
          {creditQuery.isFetching ? '…' : `${formatMinor(credit, 'THB')} THB`}
        </Descriptions.Item>
        <Descriptions.Item label={t('withdraw.toAccount')}>
          <span className={styles['account-line']}>
            {account ? `${account.bank.toUpperCase()} ${account.accountNumber}` : '…'}
          </span>
          <span className={styles['account-line']} title={account?.accountName}>
            {account ? account.accountName : '\u00a0'}
          </span>
        </Descriptions.Item>
      </Descriptions>
      {promotion?.hasPromotion && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('withdraw.promotion.title')}
          description={
            <>
              <div>
                {t('withdraw.promotion.received', { credit: formatMinor(promotion.receivedCredit, 'THB') })}
              </div>
              <div>
                {t('withdraw.promotion.returned', { credit: formatMinor(promotion.returnedCredit, 'THB') })}
              </div>
              <div>
                {t('withdraw.promotion.maximum', { credit: formatMinor(promotion.maxCredit, 'THB') })}
              </div>
              {promotion.minCredit > 0 && (
                <div>
                  {t('withdraw.promotion.minimum', { credit: formatMinor(promotion.minCredit, 'THB') })}
                </div>
              )}
              {promotion.receivedCredit > 0 && (
                <div>
                  {t('withdraw.promotion.bonusDeducted', {
                    credit: formatMinor(promotion.receivedCredit, 'THB'),
                  })}
                </div>
              )}
              {promotion.withdrawAll && <div>{t('withdraw.promotion.withdrawAll')}</div>}
            </>
          }
        />
      )}
    </>
  );

  return (
    <>
      <FinalForm<WithdrawValues>
        key={round}
        onSubmit={onSubmit}
        validate={validate}
        initialValues={initialValues}
      >
        {({ handleSubmit, submitting, submitError, values, form }) => {
          const satang = values.amount ? parseTypedBaht(values.amount) : null;
          const payout =
            satang !== null && satang > 0 && payoutMid
              ? convertAmount('WITHDRAW', satang, currencies, payoutMid)
              : null;
          return (
            <FormFrame
              onSubmit={handleSubmit}
              submitError={refusal ? undefined : submitError}
              pending={pending}
              post="withdraw"
            >
              {choice}
              {refusal && (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  title={t(refusal.key, refusal.values)}
                  style={{ marginBottom: 16 }}
                />
              )}
              <AmountField
                name="amount"
                label={t('withdraw.amount')}
                currency="THB"
                hint={bounds}
                messageValues={{ bounds, example: AMOUNT_EXAMPLE }}
                placeholder={AMOUNT_EXAMPLE}
                readOnly={withdrawAll}
              />
              {!withdrawAll && (
                <Button size="small" onClick={() => form.change('amount', satangToThb(credit))}>
                  {t('withdraw.all')}
                </Button>
              )}
              <Typography.Paragraph aria-live="polite" style={{ marginTop: 12 }}>
                {t('withdraw.payoutPreview', { amount: payout === null ? '–' : formatMinor(payout, 'LAK') })}
              </Typography.Paragraph>
              <Button
                type="primary"
                htmlType="submit"
                loading={submitting}
                disabled={pending}
                block
                style={{ marginTop: 16 }}
              >
                {t('withdraw.submit')}
              </Button>
            </FormFrame>
          );
        }}
      </FinalForm>
    </>
  );
}
