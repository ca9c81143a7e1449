import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '@/ui/Typography';
import { formatMinor } from '@/lib/format';
import { STATUS_ICONS } from './statusIcons';

/** Stakes played against the stakes required before a withdrawal, in THB. */
export function TurnoverProgress({ required, done }: { required: number; done: number }) {
  const { t } = useTranslation('promotion');
  const shown = Math.min(done, required);
  // Floored, so 99.9 % never reads as 100 % before the turnover is met.
  const percent = required > 0 ? Math.floor((shown * 100) / required) : 100;
  const text = t('current.turnoverProgress', {
    done: formatMinor(shown, 'THB'),
    required: formatMinor(required, 'THB'),
  });
  return (
    <>
      <Progress
        percent={percent}
        status={done >= required ? 'success' : 'active'}
        // antd's tick for a met turnover names itself "check-circle" in English: the same tick, unnamed.
        format={(value) => (done >= required ? STATUS_ICONS.success : `${value}%`)}
        aria-label={t('current.turnover')}
        aria-valuetext={text}
      />
      <Typography.Text>{text}</Typography.Text>
      {done >= required && (
        <div>
          <Typography.Text type="success">{t('current.turnoverMet')}</Typography.Text>
        </div>
      )}
    </>
  );
}
