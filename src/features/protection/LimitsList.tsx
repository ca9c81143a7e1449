import { Button, Flex, Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '@/ui/Typography';
import {
  useConfirmLimitMutation,
  useSetLimitMutation,
  useApiErrorMessage,
  type PlayerLimit,
  type Protection,
} from '@/api';
import { formatDate, formatMinor } from '@/lib/format';
import { findLimit, LIMIT_ROWS } from './protectionRules';
import styles from './Protection.module.css';

function amountText(
  t: (key: string, values?: Record<string, unknown>) => string,
  limit: PlayerLimit,
  amount: number,
) {
  return limit.kind === 'PLAY_TIME'
    ? t('limits.minutesValue', { count: amount })
    : `${formatMinor(amount, 'LAK')} LAK`;
}

/** One limit: what is in force, how much of it is used, and a change waiting for the player. */
function LimitRow({ limit, now }: { limit: PlayerLimit; now: Date }) {
  const { t } = useTranslation('protection');
  const [confirm, confirming] = useConfirmLimitMutation();
  const [setLimit, removing] = useSetLimitMutation();
  const error = useApiErrorMessage(confirming.error ?? removing.error);
  const key = { kind: limit.kind, period: limit.period };
  const pending = limit.pending;
  const confirmable = pending && new Date(pending.confirmableFrom) <= now;
  const label = `${t(`limits.kinds.${limit.kind}`)} · ${t(`limits.periods.${limit.period}`)}`;

  return (
    <li className={styles['limit-row']} aria-label={label}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Text strong>{label}</Typography.Text>
        {limit.amount === null ? (
          <Tag>{t('limits.none')}</Tag>
        ) : (
          <Typography.Text>{amountText(t, limit, limit.amount)}</Typography.Text>
        )}
      </Flex>
      {limit.amount !== null && (
        <>
          <Progress
            percent={Math.min(100, Math.round((limit.used / limit.amount) * 100))}
            showInfo={false}
            size="small"
            aria-hidden
          />
          <Typography.Text type="secondary">
            {t('limits.used', { used: amountText(t, limit, limit.used) })}
          </Typography.Text>
        </>
      )}
      {pending && (
        <Typography.Paragraph className={styles['limit-row__pending']}>
          {pending.amount === null
            ? t('limits.pendingRemoval', {
                from: formatDate(pending.confirmableFrom),
                until: formatDate(pending.confirmableUntil),
              })
            : t('limits.pending', {
                amount: amountText(t, limit, pending.amount),
                from: formatDate(pending.confirmableFrom),
                until: formatDate(pending.confirmableUntil),
              })}
        </Typography.Paragraph>
      )}
      <Flex gap={8} wrap>
        {pending && (
          <Button
            size="small"
            type="primary"
            disabled={!confirmable}
            loading={confirming.isLoading}
            onClick={() => void confirm({ limitKey: key })}
          >
            {t('limits.confirm')}
          </Button>
        )}
        {limit.amount !== null && !(pending && pending.amount === null) && (
          <Button
            size="small"
            loading={removing.isLoading}
            onClick={() => void setLimit({ setLimitRequest: { ...key, amount: null } })}
          >
            {t('limits.remove')}
          </Button>
        )}
      </Flex>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </li>
  );
}

/** Every limit the player has set or is changing; the ones never set are left out. */
export function LimitsList({ protection, now }: { protection: Protection; now: Date }) {
  const { t } = useTranslation('protection');
  const rows = LIMIT_ROWS.map(({ kind, period }) => findLimit(protection, kind, period)).filter(
    (limit): limit is PlayerLimit => limit !== undefined,
  );
  if (rows.length === 0) return <Typography.Paragraph>{t('limits.noneSet')}</Typography.Paragraph>;
  return (
    <ul className={styles['limit-list']}>
      {rows.map((limit) => (
        <LimitRow key={`${limit.kind}-${limit.period}`} limit={limit} now={now} />
      ))}
    </ul>
  );
}
