import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetStatementQuery } from '@/api';
import { useDeferredAnswer } from '@/lib/useDeferredAnswer';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { PageFrame } from '@/ui/PageFrame';
import { BetHistory } from './BetHistory';
import { PeriodChooser } from './PeriodChooser';
import { StatementSummary } from './StatementSummary';
import { presetPeriod, type PeriodPreset, type StatementPeriod } from './statementPeriod';

export default function AccountActivityPage() {
  const { t } = useTranslation('account');
  const [choice, setChoice] = useState<{ preset: PeriodPreset; period: StatementPeriod }>(() => ({
    preset: 'last30',
    period: presetPeriod('last30'),
  }));
  // currentData, not data: figures of the previous period must not stand under the newly chosen one.
  const { currentData, error } = useGetStatementQuery(choice.period);
  const { value: statement } = useDeferredAnswer(currentData);

  return (
    <PageFrame title={t('layout:titles.activity')} width="cards">
      <PeriodChooser
        preset={choice.preset}
        period={choice.period}
        onChange={(preset, period) => setChoice({ preset, period })}
      />
      {error ? (
        <ErrorBlock error={error} />
      ) : statement ? (
        <StatementSummary statement={statement} />
      ) : (
        <LoadingBlock />
      )}
      <BetHistory />
    </PageFrame>
  );
}
