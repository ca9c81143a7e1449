import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function DepositPage() {
  const { t } = useTranslation('money');
  return <Typography.Title level={1}>{t('deposit.title')}</Typography.Title>;
}
