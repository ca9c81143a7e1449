import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PromotionUsage } from '@/api';

const USAGE_COLOR: Record<PromotionUsage['status'], string> = {
  ACTIVE: 'processing',
  USED: 'processing',
  SUCCESS: 'green',
  CANCELED: 'red',
  INACTIVE: 'default',
};

/** USED reads as "in use" (docs/player-site.md §3). */
export function UsageStatusTag({ status }: { status: PromotionUsage['status'] }) {
  const { t } = useTranslation('promotion');
  return <Tag color={USAGE_COLOR[status]}>{t(`usageStatus.${status}`)}</Tag>;
}
