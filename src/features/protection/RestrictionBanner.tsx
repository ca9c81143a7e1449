import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Exclusion } from '@/api';
import { formatDate } from '@/lib/format';
import { PreloadLink } from '@/ui/PreloadLink';
import { STATUS_ICONS } from '@/ui/statusIcons';
import { SupportLinks } from '@/ui/SupportLinks';

/**
 * On every player page while a time-out or self-exclusion is in force: why deposits, promotions and games
 * are refused, until when, and the way to what is still allowed (withdrawing, history).
 */
export function RestrictionBanner({ restriction }: { restriction: Exclusion }) {
  const { t } = useTranslation('protection');
  return (
    <Alert
      type="warning"
      showIcon
      // Drawn above the page, outside its antd settings (app/guards.tsx): antd's icon would be named in English.
      icon={STATUS_ICONS.warning}
      role="status"
      style={{ marginBottom: 16 }}
      title={t(`restriction.${restriction.kind}`, { date: formatDate(restriction.endsAt) })}
      description={
        <Flex vertical gap={8}>
          <Flex gap={16} wrap>
            <PreloadLink to="/player/withdraw">{t('restriction.withdraw')}</PreloadLink>
            <PreloadLink to="/player/withdraw/history">{t('restriction.history')}</PreloadLink>
          </Flex>
          {restriction.kind === 'SELF_EXCLUSION' && <SupportLinks />}
        </Flex>
      }
    />
  );
}
