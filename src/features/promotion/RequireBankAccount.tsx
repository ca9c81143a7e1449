import type { ReactNode } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiErrorKey, useListBankAccountsQuery } from '@/api';

/** The promotion area requires a bank account (docs/player-site.md §§2 and 6): a bonus has to be paid out somewhere. */
export function RequireBankAccount({ children }: { children: ReactNode }) {
  const { t } = useTranslation('promotion');
  const { data, isLoading, error } = useListBankAccountsQuery();
  if (error) return <Alert type="error" showIcon title={t(apiErrorKey(error))} />;
  if (isLoading)
    return (
      <div role="status" aria-label={t('loading')}>
        <Spin />
      </div>
    );
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
