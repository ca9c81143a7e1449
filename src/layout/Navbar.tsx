import { DownOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { useLogoutPlayerMutation } from '@/api';
import { usePlayerSession } from '@/features/auth/usePlayerSession';
import { MOBILE_BAR_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { ContactUs } from './ContactUs';
import { openDrawer } from './drawerSlice';
import { LanguageSwitcher } from './LanguageSwitcher';
import { PreloadLink } from './PreloadLink';

// The dialog and its form code load only when a player opens it.
const ChangePasswordDialog = lazy(() => import('@/features/auth/ChangePasswordDialog'));

function PlayerMenu({ displayName }: { displayName: string }) {
  const { t } = useTranslation('layout');
  const [logout] = useLogoutPlayerMutation();
  const [changingPassword, setChangingPassword] = useState(false);

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'password', label: t('navbar.changePassword') },
            { key: 'logout', label: t('navbar.logout') },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setChangingPassword(true);
            // The logout policy (api/cache.ts) clears the player's cache and reloads the page.
            if (key === 'logout') void logout();
          },
        }}
      >
        <Button type="text" className="navbar__action" icon={<UserOutlined />} aria-label={t('navbar.account', { name: displayName })}>
          {displayName} <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The top navigation bar in its three states: loading (neither block), player, visitor (spec section 2). */
export function Navbar({ onOpenContact }: { onOpenContact: () => void }) {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const session = usePlayerSession();
  const isSmall = useMediaQuery(MOBILE_BAR_QUERY);

  return (
    <header className="navbar">
      <Button
        type="text"
        className="navbar__action"
        icon={<MenuOutlined />}
        aria-label={t('drawer.open')}
        onClick={() => dispatch(openDrawer())}
      />
      <PreloadLink to="/" className="navbar__logo" aria-label={t('navbar.home')}>
        <img src="/images/logo.svg" alt="" width={120} height={36} />
      </PreloadLink>
      <nav className="navbar__actions" aria-label={t('navbar.label')}>
        {session.status === 'player' && (
          <>
            {!isSmall && (
              <PreloadLink to="/player/deposit" className="navbar__cta navbar__cta--primary">
                {t('navbar.deposit')}
              </PreloadLink>
            )}
            <PlayerMenu displayName={session.player.displayName} />
          </>
        )}
        {session.status === 'visitor' && (
          <>
            <PreloadLink to="/login" className="navbar__link">
              {t('navbar.login')}
            </PreloadLink>
            {!isSmall && (
              <PreloadLink to="/register" className="navbar__cta navbar__cta--primary">
                {t('navbar.register')}
              </PreloadLink>
            )}
          </>
        )}
        <LanguageSwitcher />
        <ContactUs onOpenMobile={onOpenContact} />
      </nav>
    </header>
  );
}
