import { Flex, Radio } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_STATEMENT_DAYS,
  PERIOD_PRESETS,
  presetPeriod,
  vientianeToday,
  type PeriodPreset,
  type StatementPeriod,
} from './statementPeriod';
import styles from './PeriodChooser.module.css';
import { Typography } from '@/ui/Typography';

/** antd's date picker, with its styles, loads when the player chooses a range of their own. */
const PeriodRangePicker = lazy(() => import('./PeriodRangePicker'));

interface PeriodChooserProps {
  preset: PeriodPreset;
  period: StatementPeriod;
  onChange: (preset: PeriodPreset, period: StatementPeriod) => void;
}

/** Today, the last 7 or 30 days, or a range of the player's own (past days only, at most 366). */
export function PeriodChooser({ preset, period, onChange }: PeriodChooserProps) {
  const { t } = useTranslation('account');
  const today = vientianeToday();

  return (
    <Flex vertical gap={8}>
      <Radio.Group
        aria-label={t('activity.period')}
        optionType="button"
        buttonStyle="solid"
        value={preset}
        options={PERIOD_PRESETS.map((value) => ({ value, label: t(`activity.presets.${value}`) }))}
        onChange={(event) => {
          const next = event.target.value as PeriodPreset;
          // Custom starts from the period on screen, so the figures do not change until a range is picked.
          onChange(next, next === 'custom' ? period : presetPeriod(next, today));
        }}
      />
      {preset === 'custom' && (
        <>
          <Suspense fallback={<div className={styles['picker-space']} />}>
            <PeriodRangePicker
              period={period}
              today={today}
              onPick={(picked) => onChange('custom', picked)}
            />
          </Suspense>
          <Typography.Text type="secondary">
            {t('activity.maxDays', { days: MAX_STATEMENT_DAYS })}
          </Typography.Text>
        </>
      )}
    </Flex>
  );
}
