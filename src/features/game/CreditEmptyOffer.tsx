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
import { PreloadLink } from '@/ui/PreloadLink';
import cta from '@/ui/Cta.module.css';
import { BringAlongCheckbox } from './BringAlongCheckbox';
import { creditSources } from './creditSources';
import { useBringCredit } from './useBringCredit';
import styles from './GameViewPage.module.css';

/**
 * A launch refused for no credit at this provider: one tap brings the credit of the provider holding the
 * most (then the game launches), or the player deposits here. A refused move is said in the view.
 */
export function CreditEmptyOffer({
  art,
  error,
  provider,
  lobby,
  onBrought,
}: {
  art: ReactNode;
  /** The launch's CREDIT_EMPTY refusal, said as it is when no other provider holds credit. */
  error: ApiError;
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

  const onBring = () => {
    if (!source) return;
    setMoveError(undefined);
    bring(source).then(onBrought, setMoveError);
  };

  return (
    <div className={styles.view__refusal}>
      {art}
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={source ? t('game.bring.noCreditHere', { provider: here }) : t(apiErrorKey(error))}
      />
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
