import { Alert, Button, Descriptions } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey, useClaimCheckInMutation, type CheckInOverview } from '@/api';
import { formatMinor } from '@/lib/format';
import { createIdempotencyKeys } from '@/lib/idempotencyKeys';
import { useAppDispatch } from '@/lib/storeHooks';
import { showToast } from '@/lib/toast';
import { Panel } from '@/ui/Panel';
import { Typography } from '@/ui/Typography';
import styles from './CheckInCalendar.module.css';

const thb = (satang: number) => `${formatMinor(satang, 'THB')} THB`;

/** This month, a cell a day: checked-in days marked, today outlined. */
function CheckInCalendar({ checkIn }: { checkIn: CheckInOverview }) {
  const { t } = useTranslation('promotion');
  return (
    <ul className={styles.calendar} aria-label={t('rewards.checkIn.month')}>
      {checkIn.month.map(({ day, claimed, amount }) => {
        const number = Number(day.slice(8, 10));
        const isToday = day === checkIn.today.day;
        const label = t(claimed ? 'rewards.checkIn.dayClaimed' : 'rewards.checkIn.dayOpen', {
          day: number,
          amount: formatMinor(amount, 'THB'),
        });
        return (
          <li
            key={day}
            aria-label={label}
            aria-current={isToday ? 'date' : undefined}
            className={[styles.day, claimed && styles.claimed, isToday && styles.today]
              .filter(Boolean)
              .join(' ')}
          >
            <span className={styles.number} aria-hidden>
              {number}
            </span>
            <span aria-hidden>{claimed ? '✓' : formatMinor(amount, 'THB')}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The daily check-in: the terms, today's progress to the targets, the calendar and the button. */
export function CheckInPanel({ checkIn }: { checkIn: CheckInOverview }) {
  const { t } = useTranslation('promotion');
  const dispatch = useAppDispatch();
  const [claimCheckIn, claim] = useClaimCheckInMutation();
  const keys = useRef(createIdempotencyKeys()).current;
  const { terms, today } = checkIn;

  const onClaim = async () => {
    const result = await claimCheckIn({ 'Idempotency-Key': keys.keyFor(today.day) });
    if ('data' in result && result.data) {
      keys.reset();
      dispatch(
        showToast({
          type: 'success',
          titleKey: 'promotion:rewards.checkIn.claimed',
          values: {
            amount: formatMinor(result.data.checkIn.amount, 'THB'),
            provider: t(`money:provider.${result.data.checkIn.provider}`),
          },
        }),
      );
    }
  };

  return (
    <Panel title={t('rewards.checkIn.title')}>
      <Typography.Paragraph>
        {t('rewards.checkIn.terms', {
          deposit: formatMinor(terms.minDeposit, 'LAK'),
          turnover: formatMinor(terms.minTurnover, 'THB'),
          reward: formatMinor(terms.dayReward, 'THB'),
          bonus: formatMinor(terms.streakBonus, 'THB'),
          days: terms.streakDays,
        })}
      </Typography.Paragraph>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('rewards.checkIn.deposited')}>
          {t('rewards.checkIn.ofTarget', {
            done: `${formatMinor(today.deposited, 'LAK')} LAK`,
            target: `${formatMinor(terms.minDeposit, 'LAK')} LAK`,
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('rewards.checkIn.staked')}>
          {t('rewards.checkIn.ofTarget', { done: thb(today.staked), target: thb(terms.minTurnover) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('rewards.checkIn.streak')}>{today.streak}</Descriptions.Item>
      </Descriptions>
      <CheckInCalendar checkIn={checkIn} />
      {claim.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 12 }}
          title={t(apiErrorKey(claim.error))}
        />
      )}
      {today.reason === 'CLAIMABLE' ? (
        <Button
          type="primary"
          block
          style={{ marginTop: 12 }}
          loading={claim.isLoading}
          onClick={() => void onClaim()}
        >
          {t('rewards.checkIn.claim', { amount: formatMinor(today.reward, 'THB') })}
        </Button>
      ) : (
        <Alert
          type={today.reason === 'CLAIMED' ? 'success' : 'info'}
          showIcon
          role="status"
          style={{ marginTop: 12 }}
          title={t(`rewards.checkIn.reason.${today.reason}`)}
        />
      )}
    </Panel>
  );
}
