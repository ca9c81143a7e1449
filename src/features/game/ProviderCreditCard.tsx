import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetPlayerCreditQuery, type Provider } from '@/api';
import { formatDecimal } from '@/lib/format';
import { PreloadLink } from '@/ui/PreloadLink';
import { SvgIcon } from '@/ui/SvgIcon';
import cta from '@/ui/Cta.module.css';
import styles from './GamePage.module.css';

// The dialog and its form code load only when a player opens it.
const MoveCreditDialog = lazy(() => import('./MoveCreditDialog'));

/** The player's credit at one provider, with refresh, a quick Deposit and moving credit from or to it. */
export function ProviderCreditCard({ provider }: { provider: Provider }) {
  const { t } = useTranslation('layout');
  const credit = useGetPlayerCreditQuery({ game: provider });
  const [moving, setMoving] = useState(false);
  const amount = credit.data?.credit;

  return (
    <section className={styles['credit-card']} aria-label={t('game.credit')}>
      <span>{t('game.credit')}</span>
      <span className={styles['credit-card__amount']} aria-live="polite">
        {amount ? `${formatDecimal(amount.amount)} ${amount.currency}` : '…'}
      </span>
      <Button
        icon={<SvgIcon icon={ReloadOutlined} />}
        onClick={() => void credit.refetch()}
        loading={credit.isFetching}
      >
        {t('credit.refresh')}
      </Button>
      <Button icon={<SvgIcon icon={SwapOutlined} />} onClick={() => setMoving(true)}>
        {t('game.move.open')}
      </Button>
      <PreloadLink
        to={`/player/deposit?provider=${provider}`}
        className={`${cta.cta} ${cta['cta--primary']}`}
      >
        {t('navbar.deposit')}
      </PreloadLink>
      {moving && (
        <Suspense fallback={null}>
          <MoveCreditDialog open provider={provider} onClose={() => setMoving(false)} />
        </Suspense>
      )}
    </section>
  );
}
