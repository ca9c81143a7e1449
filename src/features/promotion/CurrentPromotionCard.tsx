import { Alert, Button, Descriptions, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  apiErrorKey,
  useCancelPromotionUsageMutation,
  useGetCurrentPromotionQuery,
  useRecheckPromotionUsageMutation,
} from '@/api';
import { formatDate, formatMinor } from '@/lib/format';
import { UsageStatusTag } from './usageStatus';
import { TurnoverProgress } from '@/ui/TurnoverProgress';
import { selectLanguage } from '@/i18n/localeSlice';
import { useAppSelector } from '@/lib/storeHooks';
import { Panel } from '@/ui/Panel';
import { STATUS_ICONS } from '@/ui/statusIcons';

/** The one promotion in use, with the two things a player can do about it. */
export function CurrentPromotionCard() {
  const { t } = useTranslation('promotion');
  // Asked again whenever the card shows: the turnover done moves with every round played meanwhile.
  const { data } = useGetCurrentPromotionQuery(
    { lang: useAppSelector(selectLanguage) },
    { refetchOnMountOrArgChange: true },
  );
  const [cancelUsage, cancel] = useCancelPromotionUsageMutation();
  const [recheck, recheckState] = useRecheckPromotionUsageMutation();
  const usage = data?.usage;
  if (!usage) return null;
  const error = cancel.error ?? recheckState.error;

  return (
    <Panel title={t('current.title')}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('current.promotion')}>{usage.promotionTitle}</Descriptions.Item>
        <Descriptions.Item label={t('current.provider')}>
          {t(`money:provider.${usage.provider}`)}
        </Descriptions.Item>
        <Descriptions.Item
          label={t('current.deposit')}
        >{`${formatMinor(usage.depositAmount, 'LAK')} LAK`}</Descriptions.Item>
        <Descriptions.Item
          label={t('current.bonus')}
        >{`${formatMinor(usage.bonusCredit, 'THB')} THB`}</Descriptions.Item>
        <Descriptions.Item label={t('current.usedAt')}>{formatDate(usage.usedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('current.status')}>
          <UsageStatusTag status={usage.status} />
        </Descriptions.Item>
        {usage.turnoverRequired !== undefined && (
          <Descriptions.Item label={t('current.turnover')}>
            <TurnoverProgress required={usage.turnoverRequired} done={usage.turnoverDone ?? 0} />
          </Descriptions.Item>
        )}
      </Descriptions>
      {error && (
        <Alert type="error" showIcon role="alert" style={{ marginTop: 12 }} title={t(apiErrorKey(error))} />
      )}
      {usage.cancelPending && (
        <Alert
          type="info"
          showIcon
          role="status"
          style={{ marginTop: 12 }}
          title={t('current.cancelPending')}
        />
      )}
      {recheckState.isSuccess && (
        <Alert type="info" showIcon role="status" style={{ marginTop: 12 }} title={t('current.rechecked')} />
      )}
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        <Button loading={recheckState.isLoading} onClick={() => void recheck()}>
          {t('current.recheck')}
        </Button>
        <Popconfirm
          icon={STATUS_ICONS.warning}
          title={t('current.cancelConfirm')}
          description={t('current.cancelWarning')}
          okText={t('current.cancelYes')}
          cancelText={t('current.cancelNo')}
          onConfirm={() => void cancelUsage({ body: { usageId: usage.usageId } })}
        >
          <Button danger loading={cancel.isLoading} disabled={usage.cancelPending}>
            {t('current.cancel')}
          </Button>
        </Popconfirm>
      </Flex>
    </Panel>
  );
}
