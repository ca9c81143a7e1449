import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function DepositHistoryPage() {
  const { t } = useTranslation('money');
  return <Typography.Title level={1}>{t('depositHistory.title')}</Typography.Title>;
}
