import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  useGetAgencyInfoQuery,
  useGetPlayerProfileQuery,
  useListBankAccountsQuery,
  useListBanksQuery,
  useListCurrenciesQuery,
  type Order,
} from '@/api';
import { formatMinor } from '@/lib/format';
import { usePostedForm } from '@/ui/form/formPost';
import { OpenWithdrawList } from './OpenWithdrawList';
import { WithdrawForm } from './WithdrawForm';
import { AddBankAccountForm, knownAccountName } from '@/ui/bankAccount/AddBankAccountForm';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PageFrame } from '@/ui/PageFrame';

/** What the page says of a withdrawal just received. */
type Created = Pick<Order, 'code' | 'credit' | 'amount'>;

/**
 * The address a posted withdrawal was answered with names it (?created=…): once the app has the page, the
 * address goes back to the plain one, so a reload or a shared link does not announce it again.
 */
function useForgetPostedAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (new URLSearchParams(location.search).has('created'))
      void navigate(location.pathname, { replace: true });
  }, [location, navigate]);
}

/** The form, drawn again only when its answers change (see `answers` below). */
const Form = memo(WithdrawForm);
const NONE: readonly never[] = [];

export default function WithdrawPage() {
  const { t } = useTranslation('money');
  const agency = useGetAgencyInfoQuery();
  const accounts = useListBankAccountsQuery();
  const currencies = useListCurrenciesQuery();
  // A withdrawal posted before the app arrived: the server's page said it was received, and so does the app.
  const posted = usePostedForm('withdraw').answer?.result;
  const [created, setCreated] = useState<Created | null>(() =>
    typeof posted?.code === 'string'
      ? { code: posted.code, credit: Number(posted.credit), amount: Number(posted.amount) }
      : null,
  );
  useForgetPostedAddress();

  const account = accounts.data?.bankAccounts[0];
  // The bank account is asked for here, at the first withdrawal (a deposit needs none).
  const needsAccount = accounts.data !== undefined && !account;
  const banks = useListBanksQuery(undefined, { skip: !needsAccount });
  const player = useGetPlayerProfileQuery().data?.player;
  const error = agency.error ?? accounts.error ?? currencies.error ?? banks.error;
  const ready = agency.data !== undefined && !currencies.isLoading;
  const limits = ready ? agency.data?.agency.limits.withdraw : undefined;
  // The answers reach the form in React's deferred render, drawn in slices the browser can interrupt:
  // each arriving answer would otherwise redraw the whole form in one task.
  const answers = useDeferredValue(
    useMemo(
      () => ({ account, limits, currencies: currencies.data?.currencies ?? NONE }),
      [account, limits, currencies.data],
    ),
  );

  return (
    <PageFrame title={t('withdraw.title')} width="form">
      {error ? (
        <ErrorBlock error={error} />
      ) : needsAccount ? (
        // The first step of the first withdrawal; once added, the form below takes its place.
        <AddBankAccountForm
          banks={banks.data?.banks ?? NONE}
          accountName={knownAccountName(player)}
          title={t('withdraw.needBankAccount')}
        />
      ) : (
        <>
          {created && (
            <Alert
              type="success"
              showIcon
              role="status"
              closable={{ 'aria-label': t('close') }}
              onClose={() => setCreated(null)}
              title={t('withdraw.success')}
              description={t('withdraw.successDetail', {
                code: created.code,
                credit: formatMinor(created.credit, 'THB'),
                amount: formatMinor(created.amount, 'LAK'),
              })}
            />
          )}
          {/* Drawn before the answers (sending waits for them): the first paint is the form itself. */}
          <Form {...answers} onCreated={setCreated} />
          <OpenWithdrawList />
        </>
      )}
    </PageFrame>
  );
}
