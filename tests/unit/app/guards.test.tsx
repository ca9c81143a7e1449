import { screen, waitFor } from '@testing-library/react';
import { browser } from '@/lib/browser';
import { testPlayer } from '../msw/fakeState';
import { renderApp } from '../renderApp';

describe('public routes and the /player guard', () => {
  it('shows the home page to a visitor', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'ຍິນດີຕ້ອນຮັບສູ່ Lao Star' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).toBeInTheDocument();
  });

  it.each(['/player/deposit', '/player/game/gclub', '/player'])(
    'sends a visitor from %s to /login',
    async (path) => {
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByRole('heading', { level: 1, name: 'ເຂົ້າສູ່ລະບົບ' })).toBeInTheDocument();
    },
  );

  it.each(['/', '/login', '/register'])(
    'sends a signed-in player from %s to the player home',
    async (path) => {
      const { router } = renderApp(path, { state: { player: testPlayer } });
      await waitFor(() => expect(router.state.location.pathname).toBe('/player/game/alphabet'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Alphabet' })).toBeInTheDocument();
    },
  );

  it('logs the player out when the profile cannot be loaded, and reloads as a visitor', async () => {
    const reload = jest.spyOn(browser, 'reload');
    const { state } = renderApp('/player/deposit', {
      state: { player: testPlayer, failNext: { getPlayerProfile: { status: 403, code: 'PLAYER_BLOCKED' } } },
    });
    await waitFor(() => expect(state.requests).toContain('POST /v2/players/logout'));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(state.player).toBeNull();
    // Nothing of the player's page stays while it reloads (jsdom cannot reload: in a browser the guard then
    // sends the visitor from /player/deposit to /login).
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });
});
