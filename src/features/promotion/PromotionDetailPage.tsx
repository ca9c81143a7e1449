import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function PromotionDetailPage() {
  const { t } = useTranslation('promotion');
  return <Typography.Title level={1}>{t('promotionDetail.title')}</Typography.Title>;
}
