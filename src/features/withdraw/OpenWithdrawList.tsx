import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import { Flex, Steps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '@/ui/Typography';
import { useListOpenWithdrawsQuery, type Order } from '@/api';
import { formatDate, formatMinor } from '@/lib/format';
import { selectPushedOrders } from '@/lib/orderEventsSlice';
import { useAppSelector } from '@/lib/storeHooks';
import { OrderStatusTag } from '@/ui/orderStatus';
// The steps' styles load with the withdraw page only (src/prerender/antdComponents.ts).
import '@build/antd/antd-steps.css';
import { Panel } from '@/ui/Panel';
import { SvgIcon } from '@/ui/SvgIcon';

type Stage = NonNullable<Order['payout']>['stage'];

const STEPS = ['RECEIVED', 'PROCESSING', 'PAID'] as const;

/**
 * Withdrawals still being paid out (their credit is already held), each with its payout stage as steps:
 * received → processing → paid. Stages are pushed by the server (app/orderEvents.ts); a withdrawal that
 * finished while the page was open stays listed with its last stage until the page is left.
 */
export function OpenWithdrawList() {
  const { t } = useTranslation('money');
  const { data } = useListOpenWithdrawsQuery();
  const pushed = useAppSelector(selectPushedOrders);
  const open = data?.orders ?? [];
  const openCodes = new Set(open.map((o) => o.code));
  // The pushed version is the newer one; pushed withdrawals no longer open are the ones that just finished.
  const finished = Object.values(pushed).filter((o) => o.kind === 'WITHDRAW' && !openCodes.has(o.code));
  const orders = [...open.map((o) => pushed[o.code] ?? o), ...finished].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  if (orders.length === 0) return null;
  return (
    <Panel
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {t('withdraw.openTitle')}
        </Typography.Title>
      }
    >
      <Flex vertical gap={16}>
        {orders.map((order) => (
          <Flex key={order.code} vertical gap={4} data-testid={`withdrawal-${order.code}`}>
            <Flex justify="space-between" wrap gap={8}>
              <Typography.Text strong>{order.code}</Typography.Text>
              <Flex gap={4}>
                {order.payout?.automatic && <Tag>{t('withdraw.automatic')}</Tag>}
                <OrderStatusTag status={order.status} />
              </Flex>
            </Flex>
            <Typography.Text type="secondary">
              {formatDate(order.createdAt)} · {t(`provider.${order.provider}`)}
            </Typography.Text>
            <Typography.Text>
              {t('withdraw.openLine', {
                credit: formatMinor(order.credit, 'THB'),
                amount: formatMinor(order.amount, 'LAK'),
              })}
            </Typography.Text>
            {order.payout?.review && <ReviewNote review={order.payout.review} />}
            {order.payout && <PayoutSteps stage={order.payout.stage} />}
          </Flex>
        ))}
      </Flex>
    </Panel>
  );
}

type Review = NonNullable<NonNullable<Order['payout']>['review']>;

/** A withdrawal waiting for the operator: why it was not paid automatically, and by when to expect them. */
function ReviewNote({ review }: { review: Review }) {
  const { t } = useTranslation('money');
  return (
    <>
      <Typography.Text>
        {t('withdraw.review.waiting', { reason: t(`withdraw.review.reason.${review.reason}`) })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('withdraw.review.expectedBy', { time: formatDate(review.expectedBy) })}
      </Typography.Text>
    </>
  );
}

function PayoutSteps({ stage }: { stage: Stage }) {
  const { t } = useTranslation('money');
  if (stage === 'RETURNED')
    return <Typography.Text type="warning">{t('withdraw.stage.RETURNED')}</Typography.Text>;
  const current = STEPS.indexOf(stage);
  return (
    <div role="group" aria-label={t('withdraw.stages')}>
      <Steps
        size="small"
        current={current}
        // The last stage reached is done, not "in progress".
        status={stage === 'PAID' ? 'finish' : 'process'}
        // A stage done shows antd's tick, drawn without the English name ("check") antd's icon gives it.
        iconRender={(node, { index, components: { Icon } }) =>
          index < current || stage === 'PAID' ? (
            <Icon>
              <SvgIcon icon={CheckOutlined} className="ant-steps-item-icon-finish" />
            </Icon>
          ) : (
            node
          )
        }
        items={STEPS.map((step, index) => ({
          title: t(`withdraw.stage.${step}`),
          // For assistive technology: which step the payout is at.
          ...(index === current ? { 'aria-current': 'step' as const } : {}),
        }))}
      />
    </div>
  );
}
