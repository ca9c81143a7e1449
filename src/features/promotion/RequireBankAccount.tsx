import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useListBankAccountsQuery } from '@/api';
import { ErrorBlock } from '@/ui/ErrorBlock';

/**
 * The promotion area requires a bank account (docs/player-site.md §§2 and 6): a bonus has to be paid out
 * somewhere. The area is drawn while the accounts load, as the promotions are the same for every player
 * (the server renders them into the page for a player with an account): claiming waits for the answer
 * (useHasBankAccount), and a player without an account is then shown the way to add one instead.
 */
export function RequireBankAccount({ children }: { children: ReactNode }) {
  const { t } = useTranslation('promotion');
  const { data, error } = useListBankAccountsQuery();
  if (error) return <ErrorBlock error={error} />;
  if (data && !data.bankAccounts.length) {
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

/** Whether the player is known to have a bank account: false while the accounts load. */
export function useHasBankAccount(): boolean {
  const { data } = useListBankAccountsQuery();
  return Boolean(data?.bankAccounts.length);
}
