import { act, screen, within } from '@testing-library/react';
import { testPlayer } from '../msw/fakeState';
import { renderApp } from '../renderApp';

const credits = (requests: string[], game: string) =>
  requests.filter((r) => r === `GET /v2/players/credits/${game}`).length;

describe('game pages', () => {
  it('show the provider, its credit and its games of the menu’s tab', async () => {
    renderApp('/player/game/askmebet?tab=Slot', { state: { player: testPlayer } });
    expect(await screen.findByRole('heading', { level: 1, name: 'AskMeBet' })).toBeInTheDocument();
    expect(await screen.findByText('0,00 THB')).toBeInTheDocument();
    // ?tab=Slot lists the slot games only.
    expect(await screen.findByRole('heading', { name: 'Golden Naga' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mekong Fishing' })).not.toBeInTheDocument();
  });

  it('fetch the credit again on every visit (never cached)', async () => {
    const { state, router } = renderApp('/player/game/alphabet', { state: { player: testPlayer } });
    await screen.findByText('153,84 THB');
    expect(credits(state.requests, 'alphabet')).toBe(1);
    state.credits.alphabet = '200.00';
    await act(() => router.navigate('/player/game/gclub'));
    await screen.findByRole('heading', { level: 1, name: 'GClub' });
    await act(() => router.navigate('/player/game/alphabet'));
    expect(await screen.findByText('200,00 THB')).toBeInTheDocument();
    expect(credits(state.requests, 'alphabet')).toBe(2);
  });

  it('keep other data fresh: agency info is not fetched again on a new page', async () => {
    const { state, router } = renderApp('/player/game/gclub', { state: { player: testPlayer } });
    await screen.findByRole('heading', { level: 1, name: 'GClub' });
    await act(() => router.navigate('/player/game/gclub_live'));
    await screen.findByRole('heading', { level: 1, name: 'GClub Live' });
    expect(state.requests.filter((r) => r === 'GET /v2/agency/info')).toHaveLength(1);
  });
});

describe('not found', () => {
  it("says 'Not Found' for an unknown route", async () => {
    renderApp('/no/such/page');
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'ບໍ່ພົບໜ້າທີ່ທ່ານຊອກຫາ' }),
    ).toBeInTheDocument();
    expect(within(main).getByText('Not Found')).toBeInTheDocument();
  });
});
