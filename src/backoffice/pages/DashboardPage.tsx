import { Alert, Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetStaffDashboardQuery } from '@/backoffice/api';
import { formatLak } from '@/backoffice/format';
import { useLivePolling } from '@/backoffice/liveEvents';

/** Today (Vientiane) at a glance, read again every few seconds, and what waits for staff. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data, isError } = useGetStaffDashboardQuery(undefined, { pollingInterval: useLivePolling() });
  if (isError) return <Alert type="error" title={t('errors.UNKNOWN')} />;
  if (!data) return null;
  const figures = [
    {
      key: 'deposits',
      value: formatLak(data.deposits.amount),
      extra: t('dashboard.count', { count: data.deposits.count }),
    },
    {
      key: 'withdrawals',
      value: formatLak(data.withdrawals.amount),
      extra: t('dashboard.count', { count: data.withdrawals.count }),
    },
    { key: 'net', value: formatLak(data.net) },
    { key: 'newPlayers', value: String(data.newPlayers) },
    { key: 'activePlayers', value: String(data.activePlayers) },
  ];
  const waiting = [
    { key: 'withdrawals', value: data.waiting.withdrawals, to: '/withdrawals' },
    { key: 'unmatchedPayments', value: data.waiting.unmatchedPayments },
    { key: 'failedTransfers', value: data.waiting.failedTransfers },
  ];
  return (
    <>
      <p>{t('dashboard.day', { day: data.day })}</p>
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.key} xs={24} sm={12} lg={8}>
            <Card>
              <Statistic title={t(`dashboard.${f.key}`)} value={f.value} />
              {f.extra && <div>{f.extra}</div>}
            </Card>
          </Col>
        ))}
      </Row>
      <h2>{t('dashboard.waiting')}</h2>
      <Row gutter={[16, 16]}>
        {waiting.map((w) => (
          <Col key={w.key} xs={24} sm={8}>
            <Card>
              <Statistic title={t(`dashboard.wait.${w.key}`)} value={w.value} />
              {w.to && w.value > 0 && <Link to={w.to}>{t('dashboard.open')}</Link>}
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
