import { Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order } from '@/api';
import { formatDate, formatMinor } from '@/lib/format';
import { OrderStatusTag } from './orderStatus';
// The table's styles load with the pages that show one (src/prerender/antdComponents.ts).
import '@build/antd/antd-table.css';

/** The paging an order history shows under its cards or its table. */
export interface HistoryPagination {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  showSizeChanger: boolean;
  pageSizeOptions: number[];
  hideOnSinglePage: boolean;
}

interface OrderTableProps {
  orders: Order[];
  loading: boolean;
  pagination: HistoryPagination;
}

/** An order history as a table, for wide screens (src/ui/orderHistory.tsx loads it there only). */
export default function OrderTable({ orders, loading, pagination }: OrderTableProps) {
  const { t } = useTranslation('money');
  return (
    <Table<Order>
      rowKey="code"
      loading={loading}
      dataSource={orders}
      pagination={pagination}
      locale={{ emptyText: <Empty description={t('history.empty')} /> }}
      scroll={{ x: true }}
      columns={[
        { key: 'code', title: t('history.code'), dataIndex: 'code' },
        { key: 'date', title: t('history.date'), render: (_, order) => formatDate(order.createdAt) },
        {
          key: 'provider',
          title: t('history.provider'),
          render: (_, order) => t(`provider.${order.provider}`),
        },
        {
          key: 'amount',
          title: t('history.amount'),
          align: 'right',
          render: (_, order) => `${formatMinor(order.amount, 'LAK')} LAK`,
        },
        {
          key: 'credit',
          title: t('history.credit'),
          align: 'right',
          render: (_, order) => `${formatMinor(order.credit, 'THB')} THB`,
        },
        {
          key: 'status',
          title: t('history.status'),
          render: (_, order) => <OrderStatusTag status={order.status} />,
        },
      ]}
    />
  );
}
