import AimOutlined from '@ant-design/icons-svg/es/asn/AimOutlined';
import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import CrownOutlined from '@ant-design/icons-svg/es/asn/CrownOutlined';
import RedEnvelopeOutlined from '@ant-design/icons-svg/es/asn/RedEnvelopeOutlined';
import CustomerServiceOutlined from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import DollarOutlined from '@ant-design/icons-svg/es/asn/DollarOutlined';
import FireOutlined from '@ant-design/icons-svg/es/asn/FireOutlined';
import GiftOutlined from '@ant-design/icons-svg/es/asn/GiftOutlined';
import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import InfoCircleOutlined from '@ant-design/icons-svg/es/asn/InfoCircleOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import QuestionCircleOutlined from '@ant-design/icons-svg/es/asn/QuestionCircleOutlined';
import ThunderboltOutlined from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import TrophyOutlined from '@ant-design/icons-svg/es/asn/TrophyOutlined';
import WalletOutlined from '@ant-design/icons-svg/es/asn/WalletOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAgencyInfoQuery, type GameCategory } from '@/api';
import { categoryLobbyPath, lobbyPath } from '@/lib/gamePaths';
import { PROVIDERS } from '@core/providers';
import { PreloadLink } from '@/ui/PreloadLink';
import { SvgIcon } from '@/ui/SvgIcon';
import cta from '@/ui/Cta.module.css';
import { GameRows, PromotionBanners } from './HomeShowcase';
import styles from './HomePage.module.css';

// SVG rather than emoji: phones without a colour emoji font would show empty boxes.
const CATEGORIES: { key: GameCategory; icon: IconDefinition }[] = [
  { key: 'slot', icon: FireOutlined },
  { key: 'sport', icon: TrophyOutlined },
  { key: 'casino', icon: CrownOutlined },
  { key: 'fish', icon: AimOutlined },
  { key: 'card', icon: IdcardOutlined },
  { key: 'chicken', icon: ThunderboltOutlined },
];

const OFFERS: { key: string; icon: ReactNode }[] = [
  { key: 'deposit', icon: <SvgIcon icon={WalletOutlined} /> },
  { key: 'withdraw', icon: <SvgIcon icon={DollarOutlined} /> },
  { key: 'bank', icon: <SvgIcon icon={BankOutlined} /> },
  { key: 'game', icon: <SvgIcon icon={PlayCircleOutlined} /> },
  { key: 'promotion', icon: <SvgIcon icon={GiftOutlined} /> },
  { key: 'rewards', icon: <SvgIcon icon={RedEnvelopeOutlined} /> },
  { key: 'aboutUs', icon: <SvgIcon icon={InfoCircleOutlined} /> },
  { key: 'service', icon: <SvgIcon icon={CustomerServiceOutlined} /> },
  { key: 'howToPlay', icon: <SvgIcon icon={QuestionCircleOutlined} /> },
];

/**
 * The visitor's landing page: what is on offer first (promotions, hot and new games), the two ways in,
 * then every lobby and category to browse before logging in.
 */
export default function HomePage() {
  const { t } = useTranslation('common');
  const { data } = useGetAgencyInfoQuery();
  const brand = data?.agency.name ?? t('layout:brand');

  return (
    <div>
      <PromotionBanners />
      <section className={styles.home__hero}>
        <h1 className={styles.home__title}>{t('home.title', { brand })}</h1>
        <p className={styles.home__lead}>{t('home.lead')}</p>
        <div className={styles.home__actions}>
          <PreloadLink to="/register" className={`${cta.cta} ${cta['cta--primary']} ${styles.home__cta}`}>
            {t('home.register')}
          </PreloadLink>
          <PreloadLink
            to="/login"
            className={`${cta.cta} ${styles.home__cta} ${styles['home__cta--secondary']}`}
          >
            {t('home.login')}
          </PreloadLink>
        </div>
      </section>

      <GameRows />

      <section aria-labelledby="home-providers">
        <h2 id="home-providers" className="section-title">
          {t('home.providersTitle')}
        </h2>
        <ul className={styles.home__providers}>
          {PROVIDERS.map((provider) => (
            <li key={provider}>
              <PreloadLink to={lobbyPath(provider, true)} className={styles.home__provider}>
                {t(`layout:providers.${provider}`)}
              </PreloadLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-categories">
        <h2 id="home-categories" className="section-title">
          {t('home.categoriesTitle')}
        </h2>
        <ul className={styles.home__categories}>
          {CATEGORIES.map((category) => (
            <li key={category.key}>
              {/* A visitor browses the category's games; Play asks them to log in. */}
              <PreloadLink to={categoryLobbyPath(category.key, true)} className={styles.home__category}>
                <span className={styles['home__category-icon']}>
                  <SvgIcon icon={category.icon} />
                </span>
                {t(`layout:categories.${category.key}`)}
              </PreloadLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-offers">
        <h2 id="home-offers" className="section-title">
          {t('home.offersTitle')}
        </h2>
        <ul className={styles.home__offers}>
          {OFFERS.map((offer) => (
            <li key={offer.key} className={styles.home__offer}>
              <span aria-hidden className={styles['home__offer-icon']}>
                {offer.icon}
              </span>
              <h3 className={styles['home__offer-title']}>{t(`home.offers.${offer.key}.title`)}</h3>
              <p>{t(`home.offers.${offer.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
