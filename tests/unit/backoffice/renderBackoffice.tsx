import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { App } from '@/backoffice/App';
import { createBackofficeI18n, type BackofficeLanguage } from '@/backoffice/i18n';
import { createBackofficeStore } from '@/backoffice/store';
import { server } from '../msw/server';
import { setViewportWidth } from '../viewport';
import { createStaffState, staffHandlers, type StaffState } from './staffApi';

/** Renders the back office at `path` (under /backoffice) with a fresh store and a fresh fake staff API. */
export function renderBackoffice(
  path: string,
  opts: { state?: Partial<StaffState>; language?: BackofficeLanguage } = {},
) {
  setViewportWidth(1280);
  const state = createStaffState(opts.state);
  server.use(...staffHandlers(state));
  const i18n = createBackofficeI18n(opts.language ?? 'en');
  const store = createBackofficeStore();
  const user = userEvent.setup({
    delay: null,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    // A click is a tap, as on a phone: no hover events first (half the events of each click).
    skipHover: true,
  });
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <AntApp>
            <App />
          </AntApp>
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { user, state, store, i18n, ...result };
}
