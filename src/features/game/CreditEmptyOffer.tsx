import { Alert, Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apiErrorKey,
  useGetCurrentPromotionQuery,
  useGetPlayerCreditsQuery,
  type ApiError,
  type Provider,
} from '@/api';
import { formatMinor } from '@/lib/format';
import { SMALLEST_BET } from '@core/bets';
import { PreloadLink } from '@/ui/PreloadLink';
import cta from '@/ui/Cta.module.css';
import { BringAlongCheckbox } from './BringAlongCheckbox';
import { creditSources } from './creditSources';
import { useBringCredit } from './useBringCredit';
import styles from './GameViewPage.module.css';

/** Why nothing can be played here: the launch's CREDIT_EMPTY refusal, or a credit under the smallest bet. */
export type NoPlayableCredit = { error: ApiError } | { credit: number };

/**
 * No credit to play with at this provider (none, or less than the smallest bet): one tap brings the credit
 * of the provider holding the most (then the game launches), or the player deposits here. A refused move is
 * said in the view.
 */
export function CreditEmptyOffer({
  art,
  reason,
  provider,
  lobby,
  onBrought,
}: {
  art: ReactNode;
  /** A refusal is said as it is when no other provider holds credit. */
  reason: NoPlayableCredit;
  provider: Provider;
  lobby: string;
  onBrought: () => void;
}) {
  const { t } = useTranslation('layout');
  const credits = useGetPlayerCreditsQuery();
  const promotion = useGetCurrentPromotionQuery({});
  const { bring, bringing } = useBringCredit(provider);
  const [moveError, setMoveError] = useState<ApiError>(undefined);
  const source = creditSources(credits.data, provider, promotion.data?.usage?.provider)[0];
  const here = t(`providers.${provider}`);
  const title =
    'credit' in reason
      ? t(source ? 'game.bring.tooLittleHere' : 'game.bring.tooLittle', {
          provider: here,
          credit: formatMinor(reason.credit, 'THB'),
          bet: formatMinor(SMALLEST_BET, 'THB'),
        })
      : source
        ? t('game.bring.noCreditHere', { provider: here })
        : t(apiErrorKey(reason.error));

  const onBring = () => {
    if (!source) return;
    setMoveError(undefined);
    bring(source).then(onBrought, setMoveError);
  };

  return (
    <div className={styles.view__refusal}>
      {art}
      <Alert type="warning" showIcon role="alert" title={title} />
      {moveError && <Alert type="error" showIcon role="alert" title={t(apiErrorKey(moveError))} />}
      <div className={styles.view__actions}>
        {source && (
          <Button type="primary" onClick={onBring} loading={bringing}>
            {t('game.bring.offer', {
              credit: formatMinor(source.credit, 'THB'),
              provider: t(`providers.${source.provider}`),
            })}
          </Button>
        )}
        <PreloadLink
          to={`/player/deposit?provider=${provider}`}
          className={source ? cta.cta : `${cta.cta} ${cta['cta--primary']}`}
        >
          {t('navbar.deposit')}
        </PreloadLink>
        <PreloadLink to={lobby} className={cta.cta}>
          {t('game.backToLobby')}
        </PreloadLink>
      </div>
      <BringAlongCheckbox className={styles.view__along} />
    </div>
  );
}
