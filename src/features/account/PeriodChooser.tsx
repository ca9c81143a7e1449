import { DatePicker, Flex, Radio } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  API_DAY,
  MAX_STATEMENT_DAYS,
  PERIOD_PRESETS,
  SHOWN_DAY,
  outsideStatement,
  presetPeriod,
  vientianeToday,
  type PeriodPreset,
  type StatementPeriod,
} from './statementPeriod';
import styles from './PeriodChooser.module.css';
// The date picker's styles load with this page only (src/prerender/antdComponents.ts).
import '@build/antd/antd-picker.css';
import { Typography } from '@/ui/Typography';

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
          <DatePicker.RangePicker
            aria-label={t('activity.dates')}
            value={[dayjs(period.from), dayjs(period.to)]}
            format={SHOWN_DAY}
            allowClear={false}
            // A phone's keyboard would cover the calendar: days are picked, not typed.
            inputReadOnly
            classNames={{ popup: { root: styles['range-popup'] } }}
            disabledDate={(date, { from }) => outsideStatement(date, from, today)}
            onChange={(dates) => {
              const [from, to] = dates ?? [];
              if (from && to) onChange('custom', { from: from.format(API_DAY), to: to.format(API_DAY) });
            }}
            style={{ width: '100%', maxWidth: 360 }}
          />
          <Typography.Text type="secondary">
            {t('activity.maxDays', { days: MAX_STATEMENT_DAYS })}
          </Typography.Text>
        </>
      )}
    </Flex>
  );
}
