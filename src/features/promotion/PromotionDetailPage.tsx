import { useState } from 'react';
import { Alert, Button, Descriptions, Radio, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Typography } from '@/ui/Typography';
import {
  useClaimPromotionMutation,
  useGetPromotionBlockingQuery,
  useGetPromotionQuery,
  useListPromotionsQuery,
  type Promotion,
  type Provider,
} from '@/api';
import { formatMinor } from '@/lib/format';
import { PROVIDERS } from '@core/providers';
import { CurrentPromotionCard } from './CurrentPromotionCard';
import { PromotionEndTag, PromotionImage } from './PromotionArt';
import { PromotionErrorAlert } from '@/ui/promotionRefusal';
import { RequireBankAccount, useHasBankAccount } from './RequireBankAccount';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PageFrame } from '@/ui/PageFrame';
import { selectLanguage } from '@/i18n/localeSlice';
import { useAppSelector } from '@/lib/storeHooks';
import { Panel } from '@/ui/Panel';
import { FormItem } from '@/ui/form/FormItem';

export default function PromotionDetailPage() {
  const { t } = useTranslation('promotion');
  const { promotionId = '' } = useParams();
  // Found in the list cache first (docs/player-site.md §2); the detail call (prefetched on hover) fills in a deep link.
  const lang = useAppSelector(selectLanguage);
  const { fromList } = useListPromotionsQuery(
    { lang },
    {
      selectFromResult: ({ data }) => ({ fromList: data?.promotions.find((p) => p.id === promotionId) }),
    },
  );
  const detail = useGetPromotionQuery({ promotionId, lang });
  const promotion = detail.data?.promotion ?? fromList;

  return (
    <PageFrame title={promotion?.title ?? t('detail.title')} width="cards">
      <RequireBankAccount>
        {promotion ? (
          <>
            <PromotionFacts promotion={promotion} />
            <ClaimPromotion promotion={promotion} />
            <CurrentPromotionCard />
          </>
        ) : detail.error ? (
          <ErrorBlock error={detail.error} />
        ) : (
          <LoadingBlock />
        )}
        <Link to="/player/promotion">{t('detail.back')}</Link>
      </RequireBankAccount>
    </PageFrame>
  );
}

function PromotionFacts({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('promotion');
  return (
    <Panel>
      <PromotionImage promotion={promotion} onFirstScreen />
      <Typography.Paragraph style={{ marginTop: 12 }}>{promotion.description}</Typography.Paragraph>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('detail.status')}>
          <PromotionEndTag promotion={promotion} />
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.bonus')}>{`${promotion.bonusPercent}%`}</Descriptions.Item>
        <Descriptions.Item
          label={t('detail.deposit')}
        >{`${formatMinor(promotion.depositAmount, 'LAK')} LAK`}</Descriptions.Item>
        <Descriptions.Item
          label={t('detail.maxBonus')}
        >{`${formatMinor(promotion.maxBonusCredit, 'THB')} THB`}</Descriptions.Item>
        <Descriptions.Item label={t('detail.turnover')}>{`${promotion.turnover}×`}</Descriptions.Item>
      </Descriptions>
      <ul>
        {promotion.firstOrderOnly && <li>{t('detail.firstOrderOnly')}</li>}
        <li>{t('detail.creditThreshold', { credit: formatMinor(promotion.creditThreshold, 'THB') })}</li>
        <li>{t('detail.oneAtATime')}</li>
      </ul>
      {/* The withdrawal rule, shown before claiming: what must be played, how much leaves, all or part. */}
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('detail.rules')}
      </Typography.Title>
      <ul>
        <li>
          {t('detail.ruleMinCredit', {
            min: promotion.minWithdrawCredit
              ? t('detail.ruleMinCreditOwn', { credit: formatMinor(promotion.minWithdrawCredit, 'THB') })
              : '',
          })}
        </li>
        <li>
          {promotion.turnover > 0
            ? t('detail.ruleTurnover', { turnover: promotion.turnover })
            : t('detail.ruleNoTurnover')}
        </li>
        {promotion.maxWithdrawPercent !== undefined && (
          <li>{t('detail.ruleMaxPayout', { percent: promotion.maxWithdrawPercent })}</li>
        )}
        <li>{t('detail.ruleBonusDeducted')}</li>
        <li>{promotion.withdrawAll ? t('detail.withdrawAll') : t('detail.withdrawPart')}</li>
      </ul>
    </Panel>
  );
}

function ClaimPromotion({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('promotion');
  const [provider, setProvider] = useState<Provider>('alphabet');
  const blocking = useGetPromotionBlockingQuery();
  const hasBankAccount = useHasBankAccount();
  const [claim, claimed] = useClaimPromotionMutation();
  const navigate = useNavigate();

  if (claimed.data) {
    const { provider: claimedAt } = claimed.data.usage;
    return (
      <Result
        status="success"
        title={t('detail.claimed')}
        subTitle={t('detail.claimedNext', {
          amount: formatMinor(claimed.data.usage.depositAmount, 'LAK'),
          provider: t(`money:provider.${claimed.data.usage.provider}`),
        })}
        extra={
          <Button type="primary" onClick={() => navigate(`/player/deposit?provider=${claimedAt}`)}>
            {t('detail.goDeposit')}
          </Button>
        }
      />
    );
  }
  if (blocking.data?.blocked) return <Alert type="error" showIcon role="alert" title={t('detail.blocked')} />;

  const inactive = promotion.status === 'INACTIVE';
  return (
    <Panel
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {t('detail.claimTitle')}
        </Typography.Title>
      }
    >
      <FormItem label={<span id="claim-provider">{t('detail.provider')}</span>}>
        <Radio.Group
          aria-labelledby="claim-provider"
          value={provider}
          onChange={(e) => setProvider(e.target.value as Provider)}
          options={PROVIDERS.map((p) => ({ value: p, label: t(`money:provider.${p}`) }))}
        />
      </FormItem>
      {inactive && (
        <Alert type="warning" showIcon title={t('detail.inactive')} style={{ marginBottom: 12 }} />
      )}
      {claimed.error && <PromotionErrorAlert error={claimed.error} />}
      <Button
        type="primary"
        block
        disabled={inactive || blocking.isLoading || !hasBankAccount}
        loading={claimed.isLoading}
        onClick={() =>
          void claim({ usePromotionRequest: { promotionId: promotion.id, providerId: provider } })
        }
      >
        {t('detail.claim')}
      </Button>
    </Panel>
  );
}
