import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function SandboxBankPage() {
  const { t } = useTranslation('money');
  return <Typography.Title level={1}>{t('sandboxBank.title')}</Typography.Title>;
}
