import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { i18n } from '@/i18n/i18n';
import type { AppStore } from './store';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </ReduxProvider>
  );
}
