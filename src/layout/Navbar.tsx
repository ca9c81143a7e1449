import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/lib/storeHooks';
import { WithAntd } from '@/ui/WithAntd';
import { useLogoutPlayerMutation } from '@/api';
import { usePlayerSession } from '@/features/auth/usePlayerSession';
import { MOBILE_BAR_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { ContactUs } from './ContactUs';
import { openDrawer } from './drawerSlice';
import { preloadNavDrawer } from './NavDrawer';
import { LanguageSwitcher } from './LanguageSwitcher';
import { MenuButton } from './MenuButton';
import { NavbarCredit } from './NavbarCredit';
import { PreloadLink } from '@/ui/PreloadLink';
import { SvgIcon } from '@/ui/SvgIcon';
import cta from '@/ui/Cta.module.css';
import styles from './Navbar.module.css';

// The dialog and its form code load only when a player opens it.
const ChangePasswordDialog = lazy(() => import('@/features/auth/ChangePasswordDialog'));

function PlayerMenu({ displayName }: { displayName: string }) {
  const { t } = useTranslation('layout');
  const [logout] = useLogoutPlayerMutation();
  const [changingPassword, setChangingPassword] = useState(false);

  return (
    <>
      <MenuButton
        className={styles.navbar__action}
        items={[
          { key: 'password', label: t('navbar.changePassword'), onSelect: () => setChangingPassword(true) },
          // The logout policy (api/cache.ts) clears the player's cache and reloads the page.
          { key: 'logout', label: t('navbar.logout'), onSelect: () => void logout() },
        ]}
      >
        <SvgIcon icon={UserOutlined} /> <span className={styles.navbar__name}>{displayName}</span>{' '}
        <SvgIcon icon={DownOutlined} />
      </MenuButton>
      {changingPassword && (
        <WithAntd>
          <ChangePasswordDialog open onClose={() => setChangingPassword(false)} />
        </WithAntd>
      )}
    </>
  );
}

/** The top navigation bar in its three states: loading (neither block), player, visitor (docs/player-site.md §2). */
export function Navbar({ onOpenContact }: { onOpenContact: () => void }) {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const session = usePlayerSession();
  const isSmall = useMediaQuery(MOBILE_BAR_QUERY);

  return (
    <header className={styles.navbar}>
      <button
        type="button"
        className={styles.navbar__action}
        aria-label={t('drawer.open')}
        onClick={() => dispatch(openDrawer())}
        onPointerEnter={preloadNavDrawer}
        onTouchStart={preloadNavDrawer}
        onFocus={preloadNavDrawer}
      >
        <SvgIcon icon={MenuOutlined} />
      </button>
      <PreloadLink to="/" className={styles.navbar__logo} aria-label={t('navbar.home')}>
        <img src="/images/logo.svg" alt="" width={120} height={36} />
      </PreloadLink>
      <nav className={styles.navbar__actions} aria-label={t('navbar.label')}>
        {session.status === 'player' && (
          <>
            <NavbarCredit />
            {!isSmall && (
              <PreloadLink to="/player/deposit" className={`${cta.cta} ${cta['cta--primary']}`}>
                {t('navbar.deposit')}
              </PreloadLink>
            )}
            <PlayerMenu displayName={session.player.displayName} />
          </>
        )}
        {session.status === 'visitor' && (
          <>
            <PreloadLink to="/login" className={styles.navbar__link}>
              {t('navbar.login')}
            </PreloadLink>
            {!isSmall && (
              <PreloadLink to="/register" className={`${cta.cta} ${cta['cta--primary']}`}>
                {t('navbar.register')}
              </PreloadLink>
            )}
          </>
        )}
        {/* A player's phone bar keeps to the menu, the logo, the credit and the player menu, so it fits 320 px
            with any balance: languages are in the drawer, Contact in the bottom bar. */}
        {!(isSmall && session.status === 'player') && (
          <>
            <LanguageSwitcher />
            <ContactUs onOpenMobile={onOpenContact} />
          </>
        )}
      </nav>
    </header>
  );
}
