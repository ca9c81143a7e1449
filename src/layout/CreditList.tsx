import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetPlayerCreditsQuery } from '@/api';
import { formatDecimal } from '@/lib/format';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './CreditList.module.css';

/** The player's credit at each of the four providers, with one button to refresh them all. */
export function CreditList() {
  const { t } = useTranslation('layout');
  // One call for the four providers (they answer in menu order).
  const credits = useGetPlayerCreditsQuery();

  return (
    <section className={styles['credit-list']} aria-label={t('credit.title')}>
      <div className={styles['credit-list__header']}>
        <h2 className={styles['credit-list__title']}>{t('credit.title')}</h2>
        <Button
          size="small"
          icon={<SvgIcon icon={ReloadOutlined} />}
          loading={credits.isFetching}
          onClick={() => void credits.refetch()}
        >
          {t('credit.refresh')}
        </Button>
      </div>
      <dl className={styles['credit-list__items']}>
        {(credits.data?.credits ?? []).map(({ provider, credit }) => (
          <div key={provider} className={styles['credit-list__item']}>
            <dt>{t(`providers.${provider}`)}</dt>
            <dd>{`${formatDecimal(credit.amount)} ${credit.currency}`}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
