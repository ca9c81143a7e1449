import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { apiErrorKey, useListDepositsQuery } from '@/api';
import { OrderHistory } from '@/lib/orderStatus';

export default function DepositHistoryPage() {
  const { t } = useTranslation('money');
  // Paging sits in the address so a reload or a shared link keeps the page.
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page')) || 1;
  const pageSize = Number(params.get('pageSize')) || 10;
  const { data, isFetching, error } = useListDepositsQuery({ page, pageSize });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1}>{t('history.depositTitle')}</Typography.Title>
      {error && <Alert type="error" showIcon title={t(apiErrorKey(error))} />}
      <OrderHistory
        data={data}
        loading={isFetching}
        onPageChange={(next, size) => setParams({ page: String(next), pageSize: String(size) })}
      />
    </Flex>
  );
}
