import { lazy, memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router-dom';
import { apiErrorStatus, useGetAgencyInfoQuery } from '@/api';
import { WithAntd } from '@/ui/WithAntd';
import { AgencyUnavailablePage } from '@/features/errors/AgencyUnavailablePage';
import { BottomBar } from './BottomBar';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { NoScriptPlayerNav } from './NoScriptPlayerNav';
import { NavDrawer } from './NavDrawer';
import { RouteLoading } from '@/ui/RouteLoading';
import { ShellRoutesContext, type ShellRoutes } from './ShellContext';
import { ScrollToTop } from './ScrollToTop';
import { Toaster } from './Toaster';
import { useDocumentTitle } from './useDocumentTitle';
import { useFingerprintSync } from './useFingerprintSync';
import styles from './RootLayout.module.css';

const ContactDrawer = lazy(() => import('./ContactDrawer'));

// The shell's parts redraw for their own state only. The layout itself redraws when the agency's answer
// arrives, which happens while the page is being taken over: redrawing the whole shell with it held a
// slow phone's main thread for about 150 ms.
const ShellNavbar = memo(Navbar);
const ShellNavDrawer = memo(NavDrawer);
const ShellFooter = memo(Footer);
const ShellBottomBar = memo(BottomBar);
const ShellScrollToTop = memo(ScrollToTop);
const ShellToaster = memo(Toaster);
const ShellRouteLoading = memo(RouteLoading);

/**
 * The root layout (docs/player-site.md §2). Agency info is requested first; the shell paints meanwhile and is
 * replaced by the cannot-log-in page only when the agency does not exist (HTTP 404).
 */
export function RootLayout({ routes }: { routes: ShellRoutes }) {
  const { t } = useTranslation('layout');
  const agency = useGetAgencyInfoQuery();
  const navigation = useNavigation();
  const [contactOpen, setContactOpen] = useState(false);
  const openContact = useCallback(() => setContactOpen(true), []);
  useDocumentTitle(agency.data?.agency.name);
  useFingerprintSync(agency.data?.agency.id);

  if (apiErrorStatus(agency.error) === 404) return <AgencyUnavailablePage />;

  return (
    <ShellRoutesContext.Provider value={routes}>
      <div className={styles.app}>
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <ShellNavbar onOpenContact={openContact} />
        <NoScriptPlayerNav />
        <ShellNavDrawer />
        <main id="main" className={styles.app__main} tabIndex={-1}>
          <Outlet />
        </main>
        <ShellFooter />
        <ShellBottomBar onOpenContact={openContact} />
        {contactOpen && (
          <WithAntd>
            <ContactDrawer open onClose={() => setContactOpen(false)} />
          </WithAntd>
        )}
        <ShellScrollToTop />
        <ShellToaster />
        <ShellRouteLoading active={navigation.state === 'loading'} />
      </div>
    </ShellRoutesContext.Provider>
  );
}
