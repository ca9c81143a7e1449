import { screen, waitFor } from '@testing-library/react';
import { testPlayer } from '../msw/fakeState';
import { renderApp } from '../renderApp';

describe('the 401 rule (docs/player-site.md §8)', () => {
  it('sends the browser to /login when any other call answers 401', async () => {
    const { router, state, user } = renderApp('/player/game/gclub', { state: { player: testPlayer } });
    expect(await screen.findByRole('heading', { level: 1, name: 'GClub' })).toBeInTheDocument();
    await screen.findByText('20,00 THB');
    // The session expires on the server; the next credit refresh answers 401.
    state.player = null;
    await user.click(await screen.findByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('does not redirect when player info answers 401 (a visitor)', async () => {
    const { router, state } = renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'ສະໝັກສະມາຊິກ' })).toBeInTheDocument();
    await waitFor(() => expect(state.requests).toContain('GET /v2/players/info'));
    expect(router.state.location.pathname).toBe('/register');
  });

  it('does not redirect when agency info answers 401', async () => {
    const { router, state } = renderApp('/', {
      state: { failNext: { getAgencyInfo: { status: 401, code: 'UNAUTHORIZED' } } },
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(state.requests).toContain('GET /v2/agency/info'));
    expect(router.state.location.pathname).toBe('/');
  });
});
