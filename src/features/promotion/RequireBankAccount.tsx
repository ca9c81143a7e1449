import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetPlayerProfileQuery, useListBankAccountsQuery, useListBanksQuery } from '@/api';
import { AddBankAccountForm, knownAccountName } from '@/ui/bankAccount/AddBankAccountForm';
import { ErrorBlock } from '@/ui/ErrorBlock';

/**
 * The promotion area requires a bank account (docs/player-site.md §§2 and 6): a bonus has to be paid out
 * somewhere. The area is drawn while the accounts load, as the promotions are the same for every player
 * (the server renders them into the page for a player with an account): claiming waits for the answer
 * (useHasBankAccount), and a player without an account adds it right here, then sees the area.
 */
export function RequireBankAccount({ children }: { children: ReactNode }) {
  const { t } = useTranslation('promotion');
  const { data, error } = useListBankAccountsQuery();
  const needsAccount = data !== undefined && !data.bankAccounts.length;
  const banks = useListBanksQuery(undefined, { skip: !needsAccount });
  const player = useGetPlayerProfileQuery().data?.player;
  if (error ?? banks.error) return <ErrorBlock error={error ?? banks.error} />;
  if (needsAccount) {
    return (
      <AddBankAccountForm
        banks={banks.data?.banks ?? []}
        accountName={knownAccountName(player)}
        title={t('needBankAccount')}
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
