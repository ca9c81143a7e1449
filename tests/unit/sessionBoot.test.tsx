import { act, screen, waitFor } from '@testing-library/react';
import { delay, http } from 'msw';
import { testPlayer } from './msw/fakeState';
import { renderApp } from './renderApp';

const SESSION_READS = ['GET /v2/players/info', 'GET /v2/players/profile', 'GET /v2/players/credits'];

describe('a player page as it starts', () => {
  it('reads the player, the profile and the credits in one request', async () => {
    const { state } = renderApp('/player/deposit', {
      state: { player: testPlayer },
      sessionBoot: true,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'ຝາກເງິນ' })).toBeInTheDocument();
    await waitFor(() => expect(state.requests).toContain('GET /v2/players/session'));
    expect(state.requests.filter((r) => r === 'GET /v2/players/session')).toHaveLength(1);
    expect(state.requests.filter((r) => SESSION_READS.includes(r))).toEqual([]);
  });

  it('reads each of them again as usual afterwards', async () => {
    const { state, user } = renderApp('/player/deposit', {
      state: { player: testPlayer },
      sessionBoot: true,
    });
    await screen.findByRole('heading', { level: 1, name: 'ຝາກເງິນ' });
    // The drawer's refresh button asks for the credits again: that read goes to its own operation.
    state.requests.length = 0;
    await user.click(await screen.findByRole('button', { name: 'ເປີດເມນູ' }));
    await user.click(await screen.findByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' }));
    await waitFor(() => expect(state.requests).toContain('GET /v2/players/credits'));
  });

  it('sends a visitor with no session to the login page, as without it', async () => {
    const { router } = renderApp('/player/deposit', { state: { player: null }, sessionBoot: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('a player page pre-rendered for a session', () => {
  // The profile takes its time: what shows meanwhile is the guard's choice.
  const slowProfile = http.get('*/api/v2/players/profile', () => delay('infinite'));

  it('shows the page before the profile has answered', async () => {
    renderApp('/player/deposit', {
      state: { player: testPlayer },
      handlers: [slowProfile],
      playerPageFirst: true,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ຝາກເງິນ' })).toBeInTheDocument();
  });

  it('is the only page that does: elsewhere the guard waits for the profile', async () => {
    renderApp('/player/deposit', { state: { player: testPlayer }, handlers: [slowProfile] });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('heading', { level: 1, name: 'ຝາກເງິນ' })).not.toBeInTheDocument();
  });
});
