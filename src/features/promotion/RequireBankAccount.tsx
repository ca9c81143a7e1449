import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useListBankAccountsQuery } from '@/api';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { ErrorBlock } from '@/ui/ErrorBlock';

/** The promotion area requires a bank account (docs/player-site.md §§2 and 6): a bonus has to be paid out somewhere. */
export function RequireBankAccount({ children }: { children: ReactNode }) {
  const { t } = useTranslation('promotion');
  const { data, isLoading, error } = useListBankAccountsQuery();
  if (error) return <ErrorBlock error={error} />;
  if (isLoading) return <LoadingBlock />;
  if (!data?.bankAccounts.length) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('needBankAccount')}
        description={<Link to="/player/bank">{t('addBankAccount')}</Link>}
      />
    );
  }
  return children;
}
