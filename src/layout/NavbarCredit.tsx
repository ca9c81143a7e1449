import WalletOutlined from '@ant-design/icons-svg/es/asn/WalletOutlined';
import { useTranslation } from 'react-i18next';
import { useGetPlayerCreditsQuery } from '@/api';
import { formatDecimal } from '@/lib/format';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './Navbar.module.css';

/** The player's credit over the four providers, in the navbar; a tap reads it again. */
export function NavbarCredit() {
  const { t } = useTranslation('layout');
  const credits = useGetPlayerCreditsQuery();
  const total = credits.data?.total;
  const text = total ? `${formatDecimal(total.amount)} ${total.currency}` : '…';
  return (
    <button
      type="button"
      className={styles.navbar__credit}
      onClick={() => void credits.refetch()}
      aria-busy={credits.isFetching}
      aria-label={t('credit.navbar', { credit: text })}
    >
      <SvgIcon icon={WalletOutlined} />
      <span aria-live="polite">{text}</span>
    </button>
  );
}
