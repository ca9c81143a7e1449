import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankCode } from '@/api';
import { FOOTER_DESKTOP_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { PROVIDERS } from '@core/providers';
import styles from './Footer.module.css';

const BANKS: { code: BankCode; name: string }[] = [
  { code: 'bcel', name: 'BCEL' },
  { code: 'jdb', name: 'JDB' },
  { code: 'ldb', name: 'LDB' },
  { code: 'indochina', name: 'Indochina Bank' },
  { code: 'kasikam', name: 'Kasikorn' },
  { code: 'lvb', name: 'LVB' },
];

const GAME_KEYS = [
  'baccarat',
  'slot',
  'fishShooting',
  'roulette',
  'hiLoSicBo',
  'fantan',
  'yuXiaXie',
  'pokdeng',
  'texasPoker',
  'dragonTiger',
  'blackjack',
  'gaoGe',
  'keno',
  'lottery',
] as const;

const ABOUT_KEYS = ['aboutUs', 'service', 'howToPlay', 'contactUs'] as const;

// The footer links have no pages yet (docs/player-site.md §2): they stay focusable links but do not navigate.
const stay = (event: MouseEvent) => event.preventDefault();

function LinkColumn({ title, items, desktop }: { title: string; items: string[]; desktop: boolean }) {
  const list = (
    <ul className={styles.footer__links}>
      {items.map((item) => (
        <li key={item}>
          <a href="#" onClick={stay}>
            {item}
          </a>
        </li>
      ))}
    </ul>
  );
  if (desktop) {
    return (
      <div>
        <h2 className={styles.footer__heading}>{title}</h2>
        {list}
      </div>
    );
  }
  // On phones each column folds so the footer does not push the page three screens long.
  return (
    <details>
      <summary className={styles.footer__heading}>{title}</summary>
      {list}
    </details>
  );
}

/** Desktop layout from 769 px, mobile layout up to 768 px (docs/player-site.md §9). */
export function Footer() {
  const { t } = useTranslation('layout');
  const desktop = useMediaQuery(FOOTER_DESKTOP_QUERY);

  return (
    <footer
      className={desktop ? `${styles.footer} ${styles['footer--desktop']}` : styles.footer}
      data-layout={desktop ? 'desktop' : 'mobile'}
    >
      <div>
        <img src="/images/logo.svg" alt={t('brand')} width={140} height={42} />
        <p className={styles['footer__banks-title']}>{t('footer.banks')}</p>
        <ul className={styles.footer__banks} aria-label={t('footer.banks')}>
          {BANKS.map((bank) => (
            <li key={bank.code} className={styles['bank-chip']}>
              {bank.name}
            </li>
          ))}
        </ul>
      </div>
      <LinkColumn
        title={t('footer.games')}
        items={GAME_KEYS.map((key) => t(`footer.gameNames.${key}`))}
        desktop={desktop}
      />
      {/* The site's own providers, by the names the rest of the site gives them. */}
      <LinkColumn
        title={t('footer.promotion')}
        items={PROVIDERS.map((provider) => t(`providers.${provider}`))}
        desktop={desktop}
      />
      <LinkColumn
        title={t('footer.about')}
        items={ABOUT_KEYS.map((key) => t(`footer.aboutLinks.${key}`))}
        desktop={desktop}
      />
      <p className={styles.footer__copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
