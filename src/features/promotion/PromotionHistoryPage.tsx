import { Empty, Flex, Pagination } from 'antd';
import { memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyHistoryTable } from '@/ui/lazyHistoryTable';
import { useHistoryPaging } from '@/ui/orderHistory';
import { Typography } from '@/ui/Typography';
import { useListPromotionUsagesQuery, type PromotionUsage, type PromotionUsagePage } from '@/api';
import { usageCode } from '@core/usageCode';
import { formatDate } from '@/lib/format';
import { useDeferredAnswer } from '@/lib/useDeferredAnswer';
import { MOBILE_BAR_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { RequireBankAccount } from './RequireBankAccount';
import { UsageStatusTag } from './usageStatus';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PageFrame } from '@/ui/PageFrame';
import { selectLanguage } from '@/i18n/localeSlice';
import { useAppSelector } from '@/lib/storeHooks';
// The table's styles load with the pages that show one (src/prerender/antdComponents.ts).
import '@build/antd/antd-table.css';
import { Panel } from '@/ui/Panel';
import { usePageItems } from '@/ui/usePageItems';

export default function PromotionHistoryPage() {
  const { t } = useTranslation('promotion');
  return (
    <PageFrame title={t('history.title')}>
      <RequireBankAccount>
        <Usages />
      </RequireBankAccount>
    </PageFrame>
  );
}

function Usages() {
  const { page, pageSize, onPageChange } = useHistoryPaging();
  const { data, isFetching, error } = useListPromotionUsagesQuery({
    page,
    pageSize,
    lang: useAppSelector(selectLanguage),
  });
  const usages = useDeferredAnswer(data);

  if (error) return <ErrorBlock error={error} />;
  return (
    <UsageList
      data={usages.value}
      loading={isFetching || usages.pending}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
    />
  );
}

interface UsageListProps {
  data?: PromotionUsagePage;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
}

/** Memoised, and given the answer deferred: the table is drawn only in React's deferred render. */
const UsageList = memo(function UsageList({ data, loading, page, pageSize, onPageChange }: UsageListProps) {
  const { t } = useTranslation('promotion');
  const mobile = useMediaQuery(MOBILE_BAR_QUERY);
  const usages = data?.items ?? [];
  const empty = <Empty description={t('history.empty')} />;
  const pageItems = usePageItems();
  const pagination = {
    current: data?.page ?? page,
    pageSize: data?.pageSize ?? pageSize,
    total: data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50],
    onChange: onPageChange,
    itemRender: pageItems,
  };

  if (mobile) {
    return (
      <Flex vertical gap={12}>
        {loading && usages.length === 0 ? (
          <LoadingBlock />
        ) : usages.length === 0 ? (
          empty
        ) : (
          usages.map((usage) => (
            <Panel key={usage.usageId} size="small" style={{ width: '100%' }}>
              <Flex justify="space-between" gap={8} wrap>
                <Typography.Text strong>{usage.promotionTitle}</Typography.Text>
                <UsageStatusTag status={usage.status} />
              </Flex>
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {t('history.usageId')}: {usageCode(usage.usageId)}
              </Typography.Text>
              <Typography.Text style={{ display: 'block' }}>
                {t('history.usedAt')}: {formatDate(usage.usedAt)}
              </Typography.Text>
              <Typography.Text style={{ display: 'block' }}>
                {t('history.endedAt')}: {formatDate(usage.endedAt)}
              </Typography.Text>
            </Panel>
          ))
        )}
        {usages.length > 0 && <Pagination {...pagination} size="small" align="center" />}
      </Flex>
    );
  }
  return (
    <Suspense fallback={<LoadingBlock />}>
      <LazyHistoryTable<PromotionUsage>
        rows={usages}
        rowKey="usageId"
        loading={loading}
        pagination={pagination}
        empty={empty}
        columns={[
          { key: 'usageId', title: t('history.usageId'), render: (_, u) => usageCode(u.usageId) },
          { key: 'promotion', title: t('history.promotion'), dataIndex: 'promotionTitle' },
          {
            key: 'provider',
            title: t('history.provider'),
            render: (_, u) => t(`money:provider.${u.provider}`),
          },
          { key: 'usedAt', title: t('history.usedAt'), render: (_, u) => formatDate(u.usedAt) },
          { key: 'endedAt', title: t('history.endedAt'), render: (_, u) => formatDate(u.endedAt) },
          {
            key: 'status',
            title: t('history.status'),
            render: (_, u) => <UsageStatusTag status={u.status} />,
          },
        ]}
      />
    </Suspense>
  );
});
