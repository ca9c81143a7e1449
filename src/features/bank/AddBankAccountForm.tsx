import { useMemo } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Select } from 'antd';
import { FORM_ERROR } from 'final-form';
import { Field, Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/lib/storeHooks';
import {
  apiErrorKey,
  useAddBankAccountMutation,
  type AddBankAccountRequest,
  type ApiError,
  type Bank,
} from '@/api';
import { showToast } from '@/lib/toast';
import { validateWithYup } from '@/lib/validateWithYup';
import { bankAccountSchema, type BankAccountValues } from './bankAccountSchema';

const CURRENCIES = ['LAK', 'THB', 'USD'] as const;

/** Shown until the player has their one account; the server refuses a second one anyway. */
export function AddBankAccountForm({ banks }: { banks: readonly Bank[] }) {
  const { t } = useTranslation('money');
  const dispatch = useAppDispatch();
  const [addBankAccount] = useAddBankAccountMutation();
  const validate = useMemo(() => validateWithYup<BankAccountValues>(bankAccountSchema(banks)), [banks]);

  const onSubmit = async (values: BankAccountValues) => {
    try {
      // The schema has checked every field; only the name needs tidying before it is stored.
      const request = { ...values, accountName: values.accountName?.trim() } as AddBankAccountRequest;
      await addBankAccount({ addBankAccountRequest: request }).unwrap();
      dispatch(showToast({ type: 'success', titleKey: 'money:bank.added' }));
      return undefined;
    } catch (error) {
      return { [FORM_ERROR]: apiErrorKey(error as ApiError) };
    }
  };

  return (
    <Card title={t('bank.addTitle')}>
      <FinalForm<BankAccountValues>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={{ currency: 'LAK' }}
      >
        {({ handleSubmit, submitting, submitError, values }) => {
          const lengths = banks.find((b) => b.code === values.bank)?.accountNumberLength;
          return (
            <form onSubmit={handleSubmit} noValidate>
              <Form layout="vertical" component={false}>
                <Field<string> name="bank">
                  {({ input, meta }) => (
                    <Form.Item
                      label={t('bank.bank')}
                      htmlFor="bank-account-bank"
                      required
                      validateStatus={meta.touched && meta.error ? 'error' : undefined}
                      help={meta.touched && meta.error ? t(meta.error) : undefined}
                    >
                      <Select
                        id="bank-account-bank"
                        value={input.value || undefined}
                        onChange={input.onChange}
                        onBlur={() => input.onBlur()}
                        placeholder={t('bank.chooseBank')}
                        options={banks.map((b) => ({ value: b.code, label: b.name }))}
                      />
                    </Form.Item>
                  )}
                </Field>
                <Field<string> name="accountNumber">
                  {({ input, meta }) => (
                    <Form.Item
                      label={t('bank.accountNumber')}
                      htmlFor="bank-account-number"
                      required
                      validateStatus={meta.touched && meta.error ? 'error' : undefined}
                      help={meta.touched && meta.error ? t(meta.error) : undefined}
                      extra={
                        lengths ? t('bank.accountNumberHint', { lengths: lengths.join(' / ') }) : undefined
                      }
                    >
                      <Input {...input} id="bank-account-number" inputMode="numeric" autoComplete="off" />
                    </Form.Item>
                  )}
                </Field>
                <Field<string> name="accountName">
                  {({ input, meta }) => (
                    <Form.Item
                      label={t('bank.accountName')}
                      htmlFor="bank-account-name"
                      required
                      validateStatus={meta.touched && meta.error ? 'error' : undefined}
                      help={meta.touched && meta.error ? t(meta.error) : undefined}
                    >
                      <Input {...input} id="bank-account-name" autoComplete="name" />
                    </Form.Item>
                  )}
                </Field>
                <Field<string> name="currency">
                  {({ input, meta }) => (
                    <Form.Item
                      label={<span id="bank-account-currency">{t('bank.currency')}</span>}
                      required
                      validateStatus={meta.error ? 'error' : undefined}
                      // Shown at once: a player choosing THB or USD should learn why before submitting.
                      help={meta.error ? t(meta.error) : undefined}
                    >
                      <Radio.Group
                        aria-labelledby="bank-account-currency"
                        optionType="button"
                        value={input.value}
                        onChange={(e) => input.onChange(e.target.value)}
                        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                      />
                    </Form.Item>
                  )}
                </Field>
                {submitError && <Alert type="error" showIcon title={t(submitError)} role="alert" />}
                <Button type="primary" htmlType="submit" loading={submitting} block style={{ marginTop: 16 }}>
                  {t('bank.submit')}
                </Button>
              </Form>
            </form>
          );
        }}
      </FinalForm>
    </Card>
  );
}
