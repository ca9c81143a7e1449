import { useMemo } from 'react';
import { Button } from 'antd';
import { Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/lib/storeHooks';
import { useAddBankAccountMutation, type AddBankAccountRequest, type Bank, type Player } from '@/api';
import { showToast } from '@/lib/toast';
import { FormFrame } from '@/ui/form/FormFrame';
import { usePostedForm } from '@/ui/form/formPost';
import { RadioField } from '@/ui/form/RadioField';
import { submitWith } from '@/ui/form/submitErrors';
import { TextField } from '@/ui/form/TextField';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { bankAccountSchema, type BankAccountValues } from './bankAccountSchema';
import { Panel } from '@/ui/Panel';

const CURRENCIES = ['LAK', 'THB', 'USD'] as const;

/**
 * The name the player gave at registration, when they gave one: most likely the name their bank account
 * holds. A display name that is just the username tells nothing.
 */
export function knownAccountName(player: Pick<Player, 'username' | 'displayName'> | undefined) {
  return player && player.displayName !== player.username ? player.displayName : undefined;
}

interface AddBankAccountFormProps {
  banks: readonly Bank[];
  /** The account holder's name where the site knows it (knownAccountName): the field starts with it. */
  accountName?: string;
  /** The panel's title: where the form is a step of something else (a withdrawal), that step's name. */
  title?: string;
}

/**
 * Shown until the player has their one account, on the bank page and as a step of the first withdrawal or
 * promotion claim (a deposit needs none); the server refuses a second one anyway.
 */
export function AddBankAccountForm({ banks, accountName, title }: AddBankAccountFormProps) {
  const { t } = useTranslation('money');
  const dispatch = useAppDispatch();
  const [addBankAccount] = useAddBankAccountMutation();
  const schema = useMemo(() => bankAccountSchema(banks), [banks]);
  const validate = useMemo(() => validateWithYup<BankAccountValues>(schema), [schema]);
  // After a post the server refused (before the app arrived), the form starts with what was sent.
  const { answer } = usePostedForm('bankAccount');
  const initialValues = useMemo<BankAccountValues>(
    () => ({ currency: 'LAK', accountName, ...(answer?.values as BankAccountValues | undefined) }),
    [accountName, answer],
  );

  const onSubmit = (values: BankAccountValues) =>
    submitWith(async () => {
      // The schema has checked every field; its cast sends them as checked (number and name trimmed).
      const request = schema.cast(values) as AddBankAccountRequest;
      await addBankAccount({ addBankAccountRequest: request }).unwrap();
      dispatch(showToast({ type: 'success', titleKey: 'money:bank.added' }));
    });

  return (
    <Panel title={title ?? t('bank.addTitle')}>
      <FinalForm<BankAccountValues> onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
        {({ handleSubmit, submitting, submitError, values }) => {
          const lengths = banks.find((b) => b.code === values.bank)?.accountNumberLength;
          return (
            <FormFrame onSubmit={handleSubmit} submitError={submitError} post="bankAccount">
              {/* The banks side by side, as on the deposit form: one tap, where a picker takes two (issue 50). */}
              <RadioField
                name="bank"
                label={t('bank.bank')}
                tiles
                options={banks.map((b) => ({ value: b.code, label: b.name }))}
              />
              <TextField
                name="accountNumber"
                label={t('bank.accountNumber')}
                inputMode="numeric"
                autoComplete="off"
                hint={lengths ? t('bank.accountNumberHint', { lengths: lengths.join(' / ') }) : undefined}
              />
              <TextField name="accountName" label={t('bank.accountName')} autoComplete="name" />
              <RadioField
                name="currency"
                label={t('bank.currency')}
                optionType="button"
                // Shown at once: a player choosing THB or USD should learn why before submitting.
                errorAtOnce
                options={CURRENCIES.map((c) => ({ value: c, label: c }))}
              />
              <Button type="primary" htmlType="submit" loading={submitting} block style={{ marginTop: 16 }}>
                {t('bank.submit')}
              </Button>
            </FormFrame>
          );
        }}
      </FinalForm>
    </Panel>
  );
}
