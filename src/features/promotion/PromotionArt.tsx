import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '@/api';
import { selectLanguage } from '@/i18n/localeSlice';
import { useAppSelector } from '@/lib/storeHooks';
import { timeLeft } from './timeLeft';

/** The artwork's box: fixed, so the card does not jump when the image arrives. */
const ART_WIDTH = 640;
const ART_HEIGHT = 320;

/**
 * A promotion's banner, of a fixed size (nothing without artwork). On the first screen it is fetched at
 * once and first, as the page's largest paint; further down, when scrolled to.
 */
export function PromotionImage({
  promotion,
  onFirstScreen = false,
}: {
  promotion: Promotion;
  onFirstScreen?: boolean;
}) {
  if (!promotion.imageUrl) return null;
  return (
    <img
      src={promotion.imageUrl}
      alt={promotion.title}
      width={ART_WIDTH}
      height={ART_HEIGHT}
      loading={onFirstScreen ? 'eager' : 'lazy'}
      fetchPriority={onFirstScreen ? 'high' : undefined}
      decoding="async"
      style={{ width: '100%', height: 'auto', aspectRatio: `${ART_WIDTH} / ${ART_HEIGHT}`, borderRadius: 8 }}
    />
  );
}

/** "Ended" for an inactive promotion past its end, else the time left until it ends, else its status. */
export function PromotionEndTag({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('promotion');
  const left = timeLeft(promotion.endsAt, useAppSelector(selectLanguage));
  if (promotion.status === 'INACTIVE')
    return <Tag>{promotion.endsAt && !left ? t('list.ended') : t('status.INACTIVE')}</Tag>;
  return <Tag color="green">{left ? t('list.timeLeft', { time: left }) : t('status.ACTIVE')}</Tag>;
}
