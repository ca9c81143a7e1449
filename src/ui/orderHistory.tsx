import { Empty, Flex, Pagination, Spin, type TableProps } from 'antd';
import { memo, Suspense, useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Typography } from '@/ui/Typography';
import type { Order, OrderPage } from '@/api';
import { formatDate, formatMinor } from '@/lib/format';
import { LazyHistoryTable } from './lazyHistoryTable';
import { MOBILE_BAR_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { OrderStatusTag } from './orderStatus';
// The table's styles load with the pages that show one (src/prerender/antdComponents.ts).
import '@build/antd/antd-table.css';
import { Panel } from '@/ui/Panel';
import { usePageItems } from './usePageItems';

// How deposit and withdraw histories are shown (features do not import each other).

interface OrderHistoryProps {
  data?: OrderPage;
  loading: boolean;
  onPageChange: (page: number, pageSize: number) => void;
}

/**
 * A paged order history: a table on wide screens, cards on phones (≤ 576 px). Memoised: its page passes
 * the answer deferred (useDeferredAnswer), and the table is drawn only in the deferred render.
 */
export const OrderHistory = memo(function OrderHistory({ data, loading, onPageChange }: OrderHistoryProps) {
  const { t } = useTranslation('money');
  const mobile = useMediaQuery(MOBILE_BAR_QUERY);
  const orders = data?.items ?? [];
  const pageItems = usePageItems();
  const pagination = {
    current: data?.page ?? 1,
    pageSize: data?.pageSize ?? 10,
    total: data?.total ?? 0,
    onChange: onPageChange,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50],
    hideOnSinglePage: false,
    itemRender: pageItems,
  };

  if (mobile) {
    return (
      <Flex vertical gap={12}>
        {loading && orders.length === 0 ? (
          <Spin />
        ) : orders.length === 0 ? (
          <Empty description={t('history.empty')} />
        ) : (
          orders.map((order) => <OrderCard key={order.code} order={order} />)
        )}
        {orders.length > 0 && <Pagination {...pagination} size="small" align="center" />}
      </Flex>
    );
  }

  return (
    <Suspense fallback={<Spin />}>
      <LazyHistoryTable<Order>
        rows={orders}
        rowKey="code"
        columns={orderColumns(t)}
        loading={loading}
        pagination={pagination}
        empty={<Empty description={t('history.empty')} />}
      />
    </Suspense>
  );
});

function orderColumns(t: TFunction<'money'>): NonNullable<TableProps<Order>['columns']> {
  return [
    { key: 'code', title: t('history.code'), dataIndex: 'code' },
    { key: 'date', title: t('history.date'), render: (_, order) => formatDate(order.createdAt) },
    { key: 'provider', title: t('history.provider'), render: (_, order) => t(`provider.${order.provider}`) },
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
      render: (_, order) => (
        <>
          <OrderStatusTag status={order.status} />
          <ReturnedNote order={order} />
        </>
      ),
    },
  ];
}

/**
 * Why a payment was not made playable, and where its way back to the player's bank stands; or why staff
 * rejected a withdrawal (its credit is back with the player).
 */
function ReturnedNote({ order }: { order: Order }) {
  const { t } = useTranslation('money');
  if (order.rejectReason)
    return (
      <Typography.Paragraph type="warning" style={{ margin: '4px 0 0' }}>
        {t(`history.rejected.${order.rejectReason}`)}
      </Typography.Paragraph>
    );
  if (!order.returned) return null;
  return (
    <Typography.Paragraph type="warning" style={{ margin: '4px 0 0' }}>
      {t(`history.returned.${order.returned.reason}`)} {t(`history.returnStage.${order.returned.stage}`)}
    </Typography.Paragraph>
  );
}

function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation('money');
  return (
    <Panel size="small" style={{ width: '100%' }}>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text strong>{order.code}</Typography.Text>
        <OrderStatusTag status={order.status} />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
        {formatDate(order.createdAt)} · {t(`provider.${order.provider}`)}
      </Typography.Paragraph>
      <Flex justify="space-between" gap={8} wrap>
        <span>
          {t('history.amount')}: {`${formatMinor(order.amount, 'LAK')} LAK`}
        </span>
        <span>
          {t('history.credit')}: {`${formatMinor(order.credit, 'THB')} THB`}
        </span>
      </Flex>
      <ReturnedNote order={order} />
    </Panel>
  );
}

/** Paging of a history page (orders and promotions), kept in the address so a reload or a shared link keeps the page. */
export function useHistoryPaging() {
  const [params, setParams] = useSearchParams();
  // The same function while the address stays: the memoised history is not drawn again for it.
  const onPageChange = useCallback(
    (next: number, size: number) => setParams({ page: String(next), pageSize: String(size) }),
    [setParams],
  );
  return {
    page: Number(params.get('page')) || 1,
    pageSize: Number(params.get('pageSize')) || 10,
    onPageChange,
  };
}
