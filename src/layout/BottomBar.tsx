import { BankOutlined, CustomerServiceOutlined, DollarOutlined, PlayCircleFilled, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PLAYER_HOME } from '@/app/routes';
import { MOBILE_BAR_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { PreloadLink } from './PreloadLink';

/** The phone-only bar (≤ 576 px): Deposit, Withdraw, the round game button, Bank, Contact (spec section 2). */
export function BottomBar({ onOpenContact }: { onOpenContact: () => void }) {
  const { t } = useTranslation('layout');
  const isMobile = useMediaQuery(MOBILE_BAR_QUERY);
  if (!isMobile) return null;

  return (
    <nav className="bottom-bar" aria-label={t('bottomBar.label')}>
      <PreloadLink to="/player/deposit" className="bottom-bar__item">
        <WalletOutlined aria-hidden />
        <span>{t('bottomBar.deposit')}</span>
      </PreloadLink>
      <PreloadLink to="/player/withdraw" className="bottom-bar__item">
        <DollarOutlined aria-hidden />
        <span>{t('bottomBar.withdraw')}</span>
      </PreloadLink>
      <PreloadLink to={PLAYER_HOME} className="bottom-bar__home" aria-label={t('bottomBar.play')}>
        <PlayCircleFilled aria-hidden />
      </PreloadLink>
      <PreloadLink to="/player/bank" className="bottom-bar__item">
        <BankOutlined aria-hidden />
        <span>{t('bottomBar.bank')}</span>
      </PreloadLink>
      <button type="button" className="bottom-bar__item" onClick={onOpenContact}>
        <CustomerServiceOutlined aria-hidden />
        <span>{t('bottomBar.contact')}</span>
      </button>
    </nav>
  );
}
