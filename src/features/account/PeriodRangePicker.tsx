import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import SwapRightOutlined from '@ant-design/icons-svg/es/asn/SwapRightOutlined';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { API_DAY, SHOWN_DAY, outsideStatement, type StatementPeriod } from './statementPeriod';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './PeriodChooser.module.css';
// The date picker's styles load with the picker (src/prerender/antdComponents.ts).
import '@build/antd/antd-picker.css';

interface PeriodRangePickerProps {
  period: StatementPeriod;
  /** Vientiane's today (YYYY-MM-DD): later days cannot be picked. */
  today: string;
  onPick: (period: StatementPeriod) => void;
}

/**
 * antd's range picker for a period of the player's own. A module of its own: the picker's code and styles
 * load when the player chooses "custom", not with the page.
 */
export default function PeriodRangePicker({ period, today, onPick }: PeriodRangePickerProps) {
  const { t } = useTranslation('account');
  return (
    <DatePicker.RangePicker
      aria-label={t('activity.dates')}
      value={[dayjs(period.from), dayjs(period.to)]}
      format={SHOWN_DAY}
      allowClear={false}
      // antd's calendar and arrow icons name themselves "calendar" and "swap-right" in English.
      suffixIcon={<SvgIcon icon={CalendarOutlined} />}
      separator={<SvgIcon icon={SwapRightOutlined} />}
      // A phone's keyboard would cover the calendar: days are picked, not typed.
      inputReadOnly
      classNames={{ popup: { root: styles['range-popup'] } }}
      disabledDate={(date, { from }) => outsideStatement(date, from, today)}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        if (from && to) onPick({ from: from.format(API_DAY), to: to.format(API_DAY) });
      }}
      style={{ width: '100%', maxWidth: 360 }}
    />
  );
}
