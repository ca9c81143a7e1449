import { Descriptions, Flex } from 'antd';
import dayjs from 'dayjs';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Typography } from '@/ui/Typography';
import type { Statement, StatementMoney } from '@/api';
import { formatDecimal, formatMinor } from '@/lib/format';
import { NetAmount } from './NetAmount';
import { SHOWN_DAY } from './statementPeriod';
import styles from './StatementSummary.module.css';
import { Panel } from '@/ui/Panel';

type ProviderNet = Statement['providers'][number];

/** What the player paid in and took out, the bonuses, and what they won or lost at each provider. */
export const StatementSummary = memo(function StatementSummary({ statement }: { statement: Statement }) {
  const { t } = useTranslation('account');
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">
        {t('activity.shown', {
          from: dayjs(statement.from).format(SHOWN_DAY),
          to: dayjs(statement.to).format(SHOWN_DAY),
        })}
      </Typography.Text>
      <div className={styles.moneyCards}>
        <MoneyCard title={t('activity.deposits')} money={statement.deposits} />
        <MoneyCard title={t('activity.withdrawals')} money={statement.withdrawals} />
      </div>
      <Panel size="small">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'bonuses', label: t('activity.bonuses'), children: thb(statement.bonuses) },
            { key: 'rewards', label: t('activity.rewards'), children: thb(statement.rewards) },
            // Shown only when the agency corrected the player's credit in the period.
            ...(Number(statement.corrections) !== 0
              ? [
                  {
                    key: 'corrections',
                    label: t('activity.corrections'),
                    children: thb(statement.corrections),
                  },
                ]
              : []),
          ]}
        />
      </Panel>
      <ProviderNets providers={statement.providers} net={statement.net} />
    </Flex>
  );
});

function thb(amount: string) {
  return `${formatDecimal(amount)} THB`;
}

function MoneyCard({ title, money }: { title: string; money: StatementMoney }) {
  const { t } = useTranslation('account');
  return (
    <Panel size="small" title={title} style={{ height: '100%' }}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'count', label: t('activity.count'), children: money.count },
          { key: 'amount', label: t('activity.amount'), children: `${formatMinor(money.amount, 'LAK')} LAK` },
          { key: 'credit', label: t('activity.credit'), children: thb(money.credit) },
        ]}
      />
    </Panel>
  );
}

/**
 * The result at each provider and in all, as a plain table: four rows never page, sort or scroll, and
 * antd's table (212 KB of code and its own stylesheet) held a phone's first seconds on this page.
 */
function ProviderNets({ providers, net }: { providers: ProviderNet[]; net: string }) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.nets}>
      <table>
        <caption>
          <Flex vertical>
            <Typography.Text strong>{t('activity.games')}</Typography.Text>
            <Typography.Text type="secondary">{t('activity.netHint')}</Typography.Text>
          </Flex>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('activity.provider')}</th>
            <th scope="col" className={styles.amount}>
              {t('activity.net')}
            </th>
          </tr>
        </thead>
        <tbody>
          {providers.map((row) => (
            <tr key={row.provider}>
              <td>{t(`layout:providers.${row.provider}`)}</td>
              <td className={styles.amount}>
                <NetAmount amount={row.net} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>
              <Typography.Text strong>{t('activity.total')}</Typography.Text>
            </td>
            <td className={styles.amount}>
              <NetAmount amount={net} strong />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
