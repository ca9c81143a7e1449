import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListOpenWithdrawsQuery } from '@/api';
import { formatDate, formatMinor } from '@/lib/format';
import { OrderStatusTag } from '@/ui/orderStatus';

/** Withdrawals still being paid out; their credit is already held. */
export function OpenWithdrawList() {
  const { t } = useTranslation('money');
  const { data } = useListOpenWithdrawsQuery();
  const orders = data?.orders ?? [];
  if (orders.length === 0) return null;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {t('withdraw.openTitle')}
        </Typography.Title>
      }
    >
      <Flex vertical gap={12}>
        {orders.map((order) => (
          <Flex key={order.code} vertical gap={4}>
            <Flex justify="space-between" wrap gap={8}>
              <Typography.Text strong>{order.code}</Typography.Text>
              <OrderStatusTag status={order.status} />
            </Flex>
            <Typography.Text type="secondary">
              {formatDate(order.createdAt)} · {t(`provider.${order.provider}`)}
            </Typography.Text>
            <Typography.Text>
              {t('withdraw.openLine', {
                credit: formatMinor(order.credit, 'THB'),
                amount: formatMinor(order.amount, 'LAK'),
              })}
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
