import { Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order } from '@/api';
import { formatDate, formatMinor } from '@/lib/format';
import { Panel } from '@/ui/Panel';
import { DepositWithoutApp } from './DepositWithoutApp';

/** The one open order, instead of the form: a player finishes or cancels it before starting another. */
export function OpenDepositCard({ order, onOpen }: { order: Order; onOpen: () => void }) {
  const { t } = useTranslation('money');
  return (
    <Panel title={t('deposit.open.title')}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('deposit.dialog.code')}>{order.code}</Descriptions.Item>
        <Descriptions.Item label={t('deposit.provider')}>{t(`provider.${order.provider}`)}</Descriptions.Item>
        <Descriptions.Item
          label={t('deposit.dialog.amount')}
        >{`${formatMinor(order.amount, 'LAK')} LAK`}</Descriptions.Item>
        <Descriptions.Item
          label={t('deposit.dialog.credit')}
        >{`${formatMinor(order.credit, 'THB')} THB`}</Descriptions.Item>
        <Descriptions.Item label={t('deposit.open.createdAt')}>
          {formatDate(order.createdAt)}
        </Descriptions.Item>
      </Descriptions>
      <Button type="primary" block style={{ marginTop: 16 }} onClick={onOpen}>
        {t('deposit.open.show')}
      </Button>
      <DepositWithoutApp order={order} />
    </Panel>
  );
}
