import RedEnvelopeOutlined from '@ant-design/icons-svg/es/asn/RedEnvelopeOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '@/ui/PreloadLink';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './RewardsRow.module.css';

/** The player's home row to the Rewards page: what is there, one tap away (docs/rewards.md). */
export function RewardsRow() {
  const { t } = useTranslation('layout');
  return (
    <PreloadLink to="/player/rewards" className={styles.row}>
      <span className={styles.row__icon} aria-hidden>
        <SvgIcon icon={RedEnvelopeOutlined} />
      </span>
      <span className={styles.row__text}>
        <strong>{t('rewardsRow.title')}</strong>
        <span>{t('rewardsRow.text')}</span>
      </span>
      <span aria-hidden>
        <SvgIcon icon={RightOutlined} />
      </span>
    </PreloadLink>
  );
}
