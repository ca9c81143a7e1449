import { Pagination, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListPlayerBetsQuery } from '@/api';
import { formatMinor } from '@/lib/format';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { Panel } from '@/ui/Panel';
import { Typography } from '@/ui/Typography';
import { NetAmount } from './NetAmount';
import { SHOWN_TIME } from './statementPeriod';
import styles from './BetHistory.module.css';
// Pagination's styles live in the table's sheet (src/prerender/antdComponents.ts).
import '@build/antd/antd-table.css';

const PAGE_SIZE = 10;

/** THB satang as the signed decimal NetAmount shows. */
const asDecimal = (satang: number) => (satang / 100).toFixed(2);

/**
 * The player's own bet history: each round at a seamless provider as the site's wallet booked it, the
 * stake, what came back and what it left, newest first. Read from the site's database, never a provider.
 */
export function BetHistory() {
  const { t } = useTranslation('account');
  const [page, setPage] = useState(1);
  const { data, error, isFetching } = useListPlayerBetsQuery({ page, pageSize: PAGE_SIZE });
  return (
    <Panel size="small" title={t('bets.title')} role="region" aria-label={t('bets.title')}>
      {error ? (
        <ErrorBlock error={error} />
      ) : !data ? (
        isFetching && <LoadingBlock />
      ) : data.items.length === 0 ? (
        <Typography.Text type="secondary">{t('bets.none')}</Typography.Text>
      ) : (
        <>
          <ul className={styles.rounds}>
            {data.items.map((round) => (
              <li key={`${round.provider}:${round.roundId}`} className={styles.round}>
                <div className={styles.what}>
                  <Typography.Text strong>
                    {round.gameName}{' '}
                    {round.status === 'OPEN' && <Tag color="processing">{t('bets.open')}</Tag>}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {t('bets.line', {
                      time: dayjs(round.openedAt).format(SHOWN_TIME),
                      stake: formatMinor(round.bets, 'THB'),
                      win: formatMinor(round.wins + round.refunds, 'THB'),
                    })}
                  </Typography.Text>
                </div>
                <NetAmount amount={asDecimal(round.wins + round.refunds - round.bets)} strong />
              </li>
            ))}
          </ul>
          {data.total > PAGE_SIZE && (
            <Pagination
              className={styles.pages}
              size="small"
              current={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </>
      )}
    </Panel>
  );
}
