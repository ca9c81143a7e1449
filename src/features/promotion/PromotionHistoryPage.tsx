import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function PromotionHistoryPage() {
  const { t } = useTranslation('promotion');
  return <Typography.Title level={1}>{t('promotionHistory.title')}</Typography.Title>;
}
