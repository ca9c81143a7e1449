import { Alert, Button, Descriptions, Empty, Flex, Tag } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apiErrorKey,
  useClaimCashbackMutation,
  useGetCashbackQuery,
  useGetCheckInQuery,
  useGetReferralQuery,
  type CashbackOverview,
  type CashbackPayment,
} from '@/api';
import { formatBasisPoints, formatDate, formatMinor } from '@/lib/format';
import { createIdempotencyKeys } from '@/lib/idempotencyKeys';
import { useAppDispatch } from '@/lib/storeHooks';
import { showToast } from '@/lib/toast';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { PageFrame } from '@/ui/PageFrame';
import { Panel } from '@/ui/Panel';
import { Typography } from '@/ui/Typography';
import { CheckInPanel } from './CheckInPanel';
import { ReferralPanel } from './ReferralPanel';
import { TurnoverProgress } from '@/ui/TurnoverProgress';

const thb = (satang: number) => `${formatMinor(satang, 'THB')} THB`;

const STATUS_COLOURS: Record<CashbackPayment['status'], string> = {
  PAID: 'success',
  CLAIMABLE: 'processing',
  EXPIRED: 'default',
  WITHHELD_TIME_OUT: 'warning',
  WITHHELD_SELF_EXCLUSION: 'warning',
  WITHHELD_BLOCKED: 'warning',
};

/** The running period: the net result so far and the cashback it would pay, or why none. */
function RunningPeriod({ cashback }: { cashback: CashbackOverview }) {
  const { t } = useTranslation('promotion');
  const { current, terms } = cashback;
  const reason = t(`rewards.reason.${current.reason}`, {
    amount: formatMinor(current.cashback, 'THB'),
    min: formatMinor(terms.minLoss, 'THB'),
  });
  return (
    <Panel title={t('rewards.thisPeriod')}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('rewards.periodDates')}>
          {t('rewards.periodRange', {
            start: formatDate(current.periodStart),
            end: formatDate(current.periodEnd),
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('rewards.net')}>
          <Typography.Text type={current.net < 0 ? 'danger' : undefined}>{thb(current.net)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('rewards.now')}>{thb(current.cashback)}</Descriptions.Item>
      </Descriptions>
      <Alert
        style={{ marginTop: 12 }}
        type={current.reason === 'PAYS' ? 'success' : 'info'}
        showIcon
        role="status"
        title={reason}
      />
    </Panel>
  );
}

function Terms({ cashback }: { cashback: CashbackOverview }) {
  const { t } = useTranslation('promotion');
  const { terms } = cashback;
  return (
    <Panel title={t('rewards.cashbackTitle')}>
      <Typography.Paragraph>
        {t('rewards.terms', {
          rate: formatBasisPoints(terms.rateBasisPoints),
          period: t(`rewards.period.${terms.period}`),
          min: formatMinor(terms.minLoss, 'THB'),
          max: formatMinor(terms.maxPayment, 'THB'),
        })}
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t(`rewards.payment.${terms.payment}`, { days: terms.claimDays })}
      </Typography.Paragraph>
      <Typography.Paragraph>
        {terms.turnover > 0 ? t('rewards.turnover', { times: terms.turnover }) : t('rewards.noTurnover')}
      </Typography.Paragraph>
    </Panel>
  );
}

function PaymentCard({
  payment,
  onClaim,
  claiming,
}: {
  payment: CashbackPayment;
  onClaim(): void;
  claiming: boolean;
}) {
  const { t } = useTranslation('promotion');
  const withheld = payment.status.startsWith('WITHHELD');
  return (
    <Panel
      title={t('rewards.periodRange', {
        start: formatDate(payment.periodStart),
        end: formatDate(payment.periodEnd),
      })}
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('rewards.status')}>
          <Tag color={STATUS_COLOURS[payment.status]}>{t(`rewards.statuses.${payment.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('rewards.net')}>{thb(payment.net)}</Descriptions.Item>
        {!withheld && (
          <Descriptions.Item label={t('rewards.amount')}>{thb(payment.amount)}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('current.provider')}>
          {t(`money:provider.${payment.provider}`)}
        </Descriptions.Item>
        {payment.status === 'PAID' && (
          <Descriptions.Item label={t('rewards.paidAt')}>{formatDate(payment.paidAt)}</Descriptions.Item>
        )}
        {payment.status === 'CLAIMABLE' && (
          <Descriptions.Item label={t('rewards.claimUntil')}>
            {formatDate(payment.claimUntil)}
          </Descriptions.Item>
        )}
        {payment.status === 'PAID' && payment.turnoverRequired > 0 && (
          <Descriptions.Item label={t('current.turnover')}>
            <TurnoverProgress required={payment.turnoverRequired} done={payment.turnoverDone} />
          </Descriptions.Item>
        )}
      </Descriptions>
      {payment.status === 'CLAIMABLE' && (
        <Button type="primary" block style={{ marginTop: 12 }} loading={claiming} onClick={onClaim}>
          {t('rewards.claim', { amount: formatMinor(payment.amount, 'THB') })}
        </Button>
      )}
    </Panel>
  );
}

/**
 * Rewards (docs/rewards.md): the daily check-in, loss cashback with its terms, running period and payments,
 * and refer a friend.
 */
export default function RewardsPage() {
  const { t } = useTranslation('promotion');
  const dispatch = useAppDispatch();
  // Asked again whenever the page opens: every round played moves the running figures.
  const { data, error } = useGetCashbackQuery(undefined, { refetchOnMountOrArgChange: true });
  const checkIn = useGetCheckInQuery(undefined, { refetchOnMountOrArgChange: true });
  const referral = useGetReferralQuery(undefined, { refetchOnMountOrArgChange: true });
  const [claimCashback, claim] = useClaimCashbackMutation();
  const keys = useRef(createIdempotencyKeys()).current;

  const onClaim = async (payment: CashbackPayment) => {
    const result = await claimCashback({
      paymentId: payment.id,
      'Idempotency-Key': keys.keyFor(payment.id),
    });
    if ('data' in result) {
      keys.reset();
      dispatch(
        showToast({
          type: 'success',
          titleKey: 'promotion:rewards.claimed',
          values: {
            amount: formatMinor(payment.amount, 'THB'),
            provider: t(`money:provider.${payment.provider}`),
          },
        }),
      );
    }
  };

  return (
    <PageFrame title={t('layout:menu.rewards')} width="cards">
      {error ? (
        <ErrorBlock error={error} />
      ) : !data ? (
        <LoadingBlock />
      ) : (
        <>
          {checkIn.data?.enabled && <CheckInPanel checkIn={checkIn.data} />}
          <RunningPeriod cashback={data} />
          <Terms cashback={data} />
          {referral.data?.enabled && <ReferralPanel referral={referral.data} />}
          <Flex vertical gap={12}>
            <Typography.Text strong>{t('rewards.history')}</Typography.Text>
            {claim.error && <Alert type="error" showIcon role="alert" title={t(apiErrorKey(claim.error))} />}
            {data.payments.length === 0 ? (
              <Empty description={t('rewards.empty')} />
            ) : (
              data.payments.map((payment) => (
                <PaymentCard
                  key={payment.id}
                  payment={payment}
                  claiming={claim.isLoading && claim.originalArgs?.paymentId === payment.id}
                  onClaim={() => void onClaim(payment)}
                />
              ))
            )}
          </Flex>
        </>
      )}
    </PageFrame>
  );
}
