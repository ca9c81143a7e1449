import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { i18n } from '@/i18n/i18n';
import { useAppSelector } from '@/lib/storeHooks';
import { selectSigningOut } from './signOutSlice';
import type { AppStore } from './store';

/** The app, until the player signs out: then nothing of it stays on screen while the page reloads. */
function UntilSignOut({ children }: { children: ReactNode }) {
  const signingOut = useAppSelector(selectSigningOut);
  return signingOut ? null : children;
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <UntilSignOut>{children}</UntilSignOut>
      </I18nextProvider>
    </ReduxProvider>
  );
}
