import { useTranslation } from 'react-i18next';
import { usePlayerSession } from '@/features/auth/usePlayerSession';
import { PostButton } from '@/ui/form/PostButton';
import styles from './NoScriptPlayerNav.module.css';

const LINKS = [
  ['/player/deposit', 'menu.deposit'],
  ['/player/withdraw', 'menu.withdraw'],
  ['/player/deposit/history', 'menu.depositHistory'],
  ['/player/withdraw/history', 'menu.withdrawHistory'],
] as const;

/**
 * A signed-in player's way around without the app (its drawer and menus need it): the money pages, their
 * histories, all drawn by the server with the player's data, and signing out as a plain form post.
 */
export function NoScriptPlayerNav() {
  const { t } = useTranslation('layout');
  const session = usePlayerSession();
  if (session.status !== 'player') return null;
  return (
    <noscript>
      <nav aria-label={t('drawer.label')} className={styles.nav}>
        {LINKS.map(([href, key]) => (
          <a key={href} href={href} className={styles.nav__link}>
            {t(key)}
          </a>
        ))}
        <PostButton form="logout" action="/logout" fields={{}}>
          {t('navbar.logout')}
        </PostButton>
      </nav>
    </noscript>
  );
}
