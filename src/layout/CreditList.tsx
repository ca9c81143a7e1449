import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetPlayerCreditQuery, type Provider } from '@/api';
import { PROVIDERS } from '@core/providers';
import { formatDecimal } from '@/lib/format';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './CreditList.module.css';

function useProviderCredits() {
  // One hook per provider, in a fixed order: the rules of hooks hold because PROVIDERS never changes.
  const alphabet = useGetPlayerCreditQuery({ game: 'alphabet' });
  const askmebet = useGetPlayerCreditQuery({ game: 'askmebet' });
  const gclub = useGetPlayerCreditQuery({ game: 'gclub' });
  const gclubLive = useGetPlayerCreditQuery({ game: 'gclub_live' });
  return { alphabet, askmebet, gclub, gclub_live: gclubLive } satisfies Record<Provider, unknown>;
}

/** The player's credit at each of the four providers, with one button to refresh them all. */
export function CreditList() {
  const { t } = useTranslation('layout');
  const credits = useProviderCredits();
  const fetching = PROVIDERS.some((provider) => credits[provider].isFetching);

  return (
    <section className={styles['credit-list']} aria-label={t('credit.title')}>
      <div className={styles['credit-list__header']}>
        <h2 className={styles['credit-list__title']}>{t('credit.title')}</h2>
        <Button
          size="small"
          icon={<SvgIcon icon={ReloadOutlined} />}
          loading={fetching}
          onClick={() => PROVIDERS.forEach((provider) => void credits[provider].refetch())}
        >
          {t('credit.refresh')}
        </Button>
      </div>
      <dl className={styles['credit-list__items']}>
        {PROVIDERS.map((provider) => {
          const credit = credits[provider].data?.credit;
          return (
            <div key={provider} className={styles['credit-list__item']}>
              <dt>{t(`providers.${provider}`)}</dt>
              <dd>{credit ? `${formatDecimal(credit.amount)} ${credit.currency}` : '…'}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
