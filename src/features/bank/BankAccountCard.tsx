import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Bank, BankAccount } from '@/api';
import { Panel } from '@/ui/Panel';

export function BankAccountCard({ account, banks }: { account: BankAccount; banks: readonly Bank[] }) {
  const { t } = useTranslation('money');
  const bankName = banks.find((b) => b.code === account.bank)?.name ?? account.bank.toUpperCase();
  return (
    <Panel title={t('bank.yourAccount')}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('bank.bank')}>{bankName}</Descriptions.Item>
        <Descriptions.Item label={t('bank.accountNumber')}>{account.accountNumber}</Descriptions.Item>
        <Descriptions.Item label={t('bank.accountName')}>{account.accountName}</Descriptions.Item>
        <Descriptions.Item label={t('bank.currency')}>{account.currency}</Descriptions.Item>
        <Descriptions.Item label={t('bank.owner')}>{account.owner}</Descriptions.Item>
      </Descriptions>
    </Panel>
  );
}
