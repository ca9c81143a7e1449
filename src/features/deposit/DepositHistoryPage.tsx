import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorKey, useListDepositsQuery } from '@/api';
import { OrderHistory, useHistoryPaging } from '@/ui/orderStatus';

export default function DepositHistoryPage() {
  const { t } = useTranslation('money');
  const { page, pageSize, onPageChange } = useHistoryPaging();
  const { data, isFetching, error } = useListDepositsQuery({ page, pageSize });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1}>{t('history.depositTitle')}</Typography.Title>
      {error && <Alert type="error" showIcon title={t(apiErrorKey(error))} />}
      <OrderHistory data={data} loading={isFetching} onPageChange={onPageChange} />
    </Flex>
  );
}
