import { act, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders } from '@/app/AppProviders';
import { createAppStore } from '@/app/store';
import { Toaster } from '@/layout/Toaster';
import { browser } from '@/lib/browser';
import { showToast } from '@/lib/toast';
import { testPlayer } from '../msw/fakeState';
import { FINGERPRINT_DELAY_MS } from '@/layout/useFingerprintSync';
import { testFingerprint } from '../testFingerprint';
import { renderApp } from '../renderApp';

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the visible one', async () => {
    const { store } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      store.dispatch(showToast({ type: 'error', titleKey: 'errors:LOGIN_FAILED' }));
      store.dispatch(showToast({ type: 'error', titleKey: 'errors:CREDIT_NOT_ENOUGH' }));
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('ເຄຣດິດບໍ່ພຽງພໍ');
  });

  // docs/player-site.md §§4, 9: duration 5000 ms, a dismissed toast removed after 1,000,000 ms. The times
  // are written out, not read from the toast module, so a changed constant fails here. The toast area alone
  // is rendered, so that only its own timers run while the clock jumps.
  it('shows a toast for 5000 ms, then forgets it 1,000,000 ms later', () => {
    jest.useFakeTimers();
    try {
      const store = createAppStore();
      render(
        <AppProviders store={store}>
          <Toaster />
        </AppProviders>,
      );
      act(() => {
        store.dispatch(showToast({ type: 'error', titleKey: 'errors:CREDIT_NOT_ENOUGH' }));
      });
      expect(screen.getByRole('alert')).toHaveTextContent('ເຄຣດິດບໍ່ພຽງພໍ');
      act(() => jest.advanceTimersByTime(4999));
      expect(screen.getByRole('alert')).toHaveTextContent('ເຄຣດິດບໍ່ພຽງພໍ');
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      // Dismissed, it is kept (closed) until the removal delay has passed.
      expect(store.getState().toast.toasts).toEqual([expect.objectContaining({ open: false })]);
      act(() => jest.advanceTimersByTime(999_999));
      expect(store.getState().toast.toasts).toHaveLength(1);
      act(() => jest.advanceTimersByTime(1));
      expect(store.getState().toast.toasts).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes a toast with its close button', async () => {
    const { store, user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      store.dispatch(showToast({ type: 'success', titleKey: 'auth:changePassword.title' }));
    });
    expect(await screen.findByText('ປ່ຽນລະຫັດຜ່ານ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ປິດການແຈ້ງເຕືອນ' }));
    expect(screen.queryByText('ປ່ຽນລະຫັດຜ່ານ')).not.toBeInTheDocument();
  });
});

describe('language', () => {
  it('switches to Chinese, keeps it in local storage, and still shows Chinese after a restart', async () => {
    const first = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'ເຂົ້າສູ່ລະບົບ' });
    await first.user.click(screen.getByRole('button', { name: /ເລືອກພາສາ/ }));
    await first.user.click(screen.getByRole('menuitemradio', { name: '中文' }));
    expect(await screen.findByRole('heading', { level: 1, name: '登录' })).toBeInTheDocument();
    expect(localStorage.getItem('i18nextLng')).toBe('cn');
    expect(document.documentElement.lang).toBe('zh-Hans');
    first.unmount();

    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: '登录' })).toBeInTheDocument();
  });
});

describe('scroll to top', () => {
  it('appears after 500 px of scrolling and scrolls smoothly to the top', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'ກັບຂຶ້ນເທິງສຸດ' })).not.toBeInTheDocument();
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 501 });
      window.dispatchEvent(new Event('scroll'));
    });
    await user.click(await screen.findByRole('button', { name: 'ກັບຂຶ້ນເທິງສຸດ' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});

describe('navigation bar', () => {
  it('shows neither block while the player is loading, then the player block', async () => {
    renderApp('/player/bank', { state: { player: testPlayer } });
    const banner = await screen.findByRole('banner');
    expect(within(banner).queryByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).not.toBeInTheDocument();
    expect(await within(banner).findByRole('button', { name: /somchai_88/ })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).not.toBeInTheDocument();
  });

  it('lists the five contact links in the desktop dropdown', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: /ຕິດຕໍ່ພວກເຮົາ/ }));
    // The addresses come with the agency's answer, which may land after the menu has opened.
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem')[3]).toHaveAttribute('href', 'https://t.me/laostar'),
    );
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'WhatsApp',
      'Line',
      'Facebook',
      'Telegram',
      'Twitter',
    ]);
  });

  it('logs out: the player cache is removed and the page reloads', async () => {
    const { user, state, store } = renderApp('/player/bank', { state: { player: testPlayer } });
    await user.click(await screen.findByRole('button', { name: /somchai_88/ }));
    await user.click(screen.getByRole('menuitem', { name: 'ອອກຈາກລະບົບ' }));
    await waitFor(() => expect(browser.reload).toHaveBeenCalled());
    expect(state.player).toBeNull();
    // The cached player is gone (what refetches while jsdom "reloads" finds no session).
    await waitFor(() =>
      expect(store.getState().api.queries['getPlayerInfo(undefined)']?.data).toBeUndefined(),
    );
  });
});

describe('device fingerprint', () => {
  it('is sent a few seconds after the page has loaded, and not again the same day', async () => {
    // The clock jumps over the wait instead of the test sitting through it.
    jest.useFakeTimers({ advanceTimers: true });
    const first = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    act(() => jest.advanceTimersByTime(FINGERPRINT_DELAY_MS - 100));
    expect(first.state.fingerprints).toEqual([]);
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(first.state.fingerprints).toEqual([testFingerprint]));
    first.unmount();
    jest.useRealTimers();
    const second = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(second.state.requests).not.toContain('POST /v2/fingerprint');
  });
});
