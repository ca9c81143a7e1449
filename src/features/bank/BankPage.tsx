import { useTranslation } from 'react-i18next';
import { useGetPlayerProfileQuery, useListBankAccountsQuery, useListBanksQuery } from '@/api';
import { AddBankAccountForm, knownAccountName } from '@/ui/bankAccount/AddBankAccountForm';
import { BankAccountCard } from './BankAccountCard';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PageFrame } from '@/ui/PageFrame';

export default function BankPage() {
  const { t } = useTranslation('money');
  const accounts = useListBankAccountsQuery();
  const banks = useListBanksQuery();
  const player = useGetPlayerProfileQuery().data?.player;
  const account = accounts.data?.bankAccounts[0];
  const error = accounts.error ?? banks.error;

  return (
    <PageFrame title={t('bank.title')} width="form">
      {error ? (
        <ErrorBlock error={error} />
      ) : accounts.isLoading || banks.isLoading ? (
        <LoadingBlock />
      ) : account ? (
        <BankAccountCard account={account} banks={banks.data?.banks ?? []} />
      ) : (
        <AddBankAccountForm banks={banks.data?.banks ?? []} accountName={knownAccountName(player)} />
      )}
    </PageFrame>
  );
}
