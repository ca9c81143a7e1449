import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function BankPage() {
  const { t } = useTranslation('money');
  return <Typography.Title level={1}>{t('bank.title')}</Typography.Title>;
}
