import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function WithdrawHistoryPage() {
  const { t } = useTranslation('money');
  return <Typography.Title level={1}>{t('withdrawHistory.title')}</Typography.Title>;
}
