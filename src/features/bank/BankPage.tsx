import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorKey, useListBankAccountsQuery, useListBanksQuery } from '@/api';
import { AddBankAccountForm } from './AddBankAccountForm';
import { BankAccountCard } from './BankAccountCard';

export default function BankPage() {
  const { t } = useTranslation('money');
  const accounts = useListBankAccountsQuery();
  const banks = useListBanksQuery();
  const account = accounts.data?.bankAccounts[0];
  const error = accounts.error ?? banks.error;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560, margin: '0 auto', width: '100%' }}>
      <Typography.Title level={1}>{t('bank.title')}</Typography.Title>
      {error ? (
        <Alert type="error" showIcon title={t(apiErrorKey(error))} />
      ) : accounts.isLoading || banks.isLoading ? (
        <div role="status" aria-label={t('loading')}>
          <Spin />
        </div>
      ) : account ? (
        <BankAccountCard account={account} banks={banks.data?.banks ?? []} />
      ) : (
        <AddBankAccountForm banks={banks.data?.banks ?? []} />
      )}
    </Flex>
  );
}
