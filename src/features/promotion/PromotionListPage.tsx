import { Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Typography } from '@/ui/Typography';
import { api, useListPromotionsQuery, type Promotion } from '@/api';
import { formatMinor } from '@/lib/format';
import { CurrentPromotionCard } from './CurrentPromotionCard';
import { PromotionEndTag, PromotionImage } from './PromotionArt';
import { RequireBankAccount } from './RequireBankAccount';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PageFrame } from '@/ui/PageFrame';
import { selectLanguage } from '@/i18n/localeSlice';
import { useAppSelector } from '@/lib/storeHooks';
import { Panel } from '@/ui/Panel';

export default function PromotionListPage() {
  const { t } = useTranslation('promotion');
  return (
    <PageFrame title={t('list.title')} width="cards">
      <RequireBankAccount>
        <CurrentPromotionCard />
        <Promotions />
        <Link to="/player/promotion/history">{t('list.history')}</Link>
      </RequireBankAccount>
    </PageFrame>
  );
}

function Promotions() {
  const { t } = useTranslation('promotion');
  const lang = useAppSelector(selectLanguage);
  const { data, isLoading, error } = useListPromotionsQuery({ lang });
  // The detail page reads the promotion from this prefetch, so it opens without waiting.
  const prefetch = api.usePrefetch('getPromotion');
  if (error) return <ErrorBlock error={error} />;
  return (
    <Flex vertical gap={12}>
      {isLoading ? (
        <LoadingBlock />
      ) : data?.promotions.length ? (
        data.promotions.map((promotion, index) => (
          <PromotionCard
            key={promotion.id}
            promotion={promotion}
            onFirstScreen={index === 0}
            onIntent={() => prefetch({ promotionId: promotion.id, lang })}
          />
        ))
      ) : (
        <Empty description={t('list.empty')} />
      )}
    </Flex>
  );
}

function PromotionCard({
  promotion,
  onFirstScreen,
  onIntent,
}: {
  promotion: Promotion;
  onFirstScreen: boolean;
  onIntent: () => void;
}) {
  const { t } = useTranslation('promotion');
  const inactive = promotion.status === 'INACTIVE';
  return (
    <Panel
      style={{ width: '100%', opacity: inactive ? 0.6 : 1 }}
      aria-disabled={inactive || undefined}
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {inactive ? (
            promotion.title
          ) : (
            // A tap target of 44 px however short the title (WCAG 2.2 target size; tests/e2e/checks).
            <Link
              to={`/player/promotion/${promotion.id}`}
              onMouseEnter={onIntent}
              onFocus={onIntent}
              style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
            >
              {promotion.title}
            </Link>
          )}
        </Typography.Title>
      }
      extra={<PromotionEndTag promotion={promotion} />}
    >
      <PromotionImage promotion={promotion} onFirstScreen={onFirstScreen} />
      <Typography.Paragraph style={{ marginTop: 12 }}>{promotion.description}</Typography.Paragraph>
      <Flex gap={16} wrap>
        <span>{t('list.bonus', { percent: promotion.bonusPercent })}</span>
        <span>{t('list.deposit', { amount: formatMinor(promotion.depositAmount, 'LAK') })}</span>
      </Flex>
    </Panel>
  );
}
