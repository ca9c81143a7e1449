import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import CustomerServiceOutlined from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import DollarOutlined from '@ant-design/icons-svg/es/asn/DollarOutlined';
import PlayCircleFilled from '@ant-design/icons-svg/es/asn/PlayCircleFilled';
import WalletOutlined from '@ant-design/icons-svg/es/asn/WalletOutlined';
import { useTranslation } from 'react-i18next';
import { MOBILE_BAR_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { PreloadLink } from '@/ui/PreloadLink';
import { useShellRoutes } from './ShellContext';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './BottomBar.module.css';

/** The phone-only bar (≤ 576 px): Deposit, Withdraw, the round game button, Bank, Contact (docs/player-site.md §2). */
export function BottomBar({ onOpenContact }: { onOpenContact: () => void }) {
  const { t } = useTranslation('layout');
  const isMobile = useMediaQuery(MOBILE_BAR_QUERY);
  const { playerHome } = useShellRoutes();
  if (!isMobile) return null;

  return (
    <nav className={styles['bottom-bar']} aria-label={t('bottomBar.label')}>
      <PreloadLink to="/player/deposit" className={styles['bottom-bar__item']}>
        <SvgIcon icon={WalletOutlined} />
        <span>{t('bottomBar.deposit')}</span>
      </PreloadLink>
      <PreloadLink to="/player/withdraw" className={styles['bottom-bar__item']}>
        <SvgIcon icon={DollarOutlined} />
        <span>{t('bottomBar.withdraw')}</span>
      </PreloadLink>
      <PreloadLink to={playerHome} className={styles['bottom-bar__home']} aria-label={t('bottomBar.play')}>
        <SvgIcon icon={PlayCircleFilled} />
      </PreloadLink>
      <PreloadLink to="/player/bank" className={styles['bottom-bar__item']}>
        <SvgIcon icon={BankOutlined} />
        <span>{t('bottomBar.bank')}</span>
      </PreloadLink>
      <button type="button" className={styles['bottom-bar__item']} onClick={onOpenContact}>
        <SvgIcon icon={CustomerServiceOutlined} />
        <span>{t('bottomBar.contact')}</span>
      </button>
    </nav>
  );
}
