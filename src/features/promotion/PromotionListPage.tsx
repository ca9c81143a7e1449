import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function PromotionListPage() {
  const { t } = useTranslation('promotion');
  return <Typography.Title level={1}>{t('promotionList.title')}</Typography.Title>;
}
