import { Table, type TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromotionUsage } from '@/api';
import { formatDate } from '@/lib/format';
import { UsageStatusTag } from './usageStatus';
// The table's styles load with the pages that show one (src/prerender/antdComponents.ts).
import '@build/antd/antd-table.css';

interface UsageTableProps {
  usages: PromotionUsage[];
  loading: boolean;
  pagination: TablePaginationConfig;
  empty: ReactNode;
}

/** The promotion history as a table, for wide screens (PromotionHistoryPage loads it there only). */
export default function UsageTable({ usages, loading, pagination, empty }: UsageTableProps) {
  const { t } = useTranslation('promotion');
  return (
    <Table<PromotionUsage>
      rowKey="usageId"
      loading={loading}
      dataSource={usages}
      pagination={pagination}
      locale={{ emptyText: empty }}
      scroll={{ x: true }}
      columns={[
        { key: 'usageId', title: t('history.usageId'), dataIndex: 'usageId' },
        { key: 'promotion', title: t('history.promotion'), dataIndex: 'promotionTitle' },
        {
          key: 'provider',
          title: t('history.provider'),
          render: (_, u) => t(`money:provider.${u.provider}`),
        },
        { key: 'usedAt', title: t('history.usedAt'), render: (_, u) => formatDate(u.usedAt) },
        { key: 'endedAt', title: t('history.endedAt'), render: (_, u) => formatDate(u.endedAt) },
        { key: 'status', title: t('history.status'), render: (_, u) => <UsageStatusTag status={u.status} /> },
      ]}
    />
  );
}
