import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function WithdrawPage() {
  const { t } = useTranslation('money');
  return <Typography.Title level={1}>{t('withdraw.title')}</Typography.Title>;
}
