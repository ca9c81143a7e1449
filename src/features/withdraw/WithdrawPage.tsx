import { useState } from 'react';
import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  apiErrorKey,
  useGetAgencyInfoQuery,
  useListBankAccountsQuery,
  useListCurrenciesQuery,
  type Order,
} from '@/api';
import { formatMinor } from '@/lib/format';
import { OpenWithdrawList } from './OpenWithdrawList';
import { WithdrawForm } from './WithdrawForm';

export default function WithdrawPage() {
  const { t } = useTranslation('money');
  const agency = useGetAgencyInfoQuery();
  const accounts = useListBankAccountsQuery();
  const currencies = useListCurrenciesQuery();
  const [created, setCreated] = useState<Order | null>(null);

  const error = agency.error ?? accounts.error ?? currencies.error;
  const account = accounts.data?.bankAccounts[0];

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560, margin: '0 auto', width: '100%' }}>
      <Typography.Title level={1}>{t('withdraw.title')}</Typography.Title>
      {error ? (
        <Alert type="error" showIcon title={t(apiErrorKey(error))} />
      ) : !agency.data || accounts.isLoading || currencies.isLoading ? (
        <div role="status" aria-label={t('loading')}>
          <Spin />
        </div>
      ) : !account ? (
        <Alert
          type="warning"
          showIcon
          title={t('withdraw.needBankAccount')}
          description={<Link to="/player/bank">{t('withdraw.addBankAccount')}</Link>}
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
          <WithdrawForm
            account={account}
            limits={agency.data.agency.limits.withdraw}
            currencies={currencies.data?.currencies ?? []}
            onCreated={setCreated}
          />
          <OpenWithdrawList />
        </>
      )}
    </Flex>
  );
}
