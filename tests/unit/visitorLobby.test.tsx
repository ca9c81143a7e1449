import { screen, waitFor, within } from '@testing-library/react';
import { testPassword, testPlayer } from './msw/fakeState';
import { testPromotions } from './msw/moneyHandlers';
import { renderApp } from './renderApp';

// Issue 27, item 7: a visitor sees the games before logging in, and Play brings them into the game after.

const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

function cardNames(): string[] {
  return screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent ?? '');
}

describe("a visitor's lobby", () => {
  it('shows a provider’s games with their artwork, without a player’s tabs or favourites', async () => {
    const { state } = renderApp('/games/askmebet');
    expect(await screen.findByRole('heading', { level: 1, name: 'AskMeBet' })).toBeInTheDocument();
    await waitFor(() =>
      expect(cardNames()).toEqual(['Golden Naga', 'Dragon Fortune', 'Mekong Fishing', 'Cockfight Arena']),
    );
    const naga = screen.getByRole('heading', { name: 'Golden Naga' }).closest('article')!;
    expect(naga.querySelector('img')).toHaveAttribute('src', '/games/art/slot-test.svg');
    expect(within(naga).queryByRole('button')).toBeNull();
    const tabs = within(screen.getByRole('navigation', { name: 'ໝວດເກມ' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'ທັງໝົດ',
      'ສະລັອດ',
      'ຍິງປາ',
      'ຊົນໄກ່',
    ]);
    // Nothing of a player's is asked for.
    expect(state.requests).not.toContain('GET /v2/games/mine');
    expect(state.requests).not.toContain('GET /v2/players/credits');
  });

  it('leads to every provider’s lobby', async () => {
    const { user, router } = renderApp('/games/askmebet');
    const providers = within(await screen.findByRole('navigation', { name: 'ຜູ້ໃຫ້ບໍລິການເກມ' }));
    expect(providers.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/games/alphabet',
      '/games/askmebet',
      '/games/gclub',
      '/games/gclub_live',
    ]);
    expect(providers.getByRole('link', { name: 'AskMeBet' })).toHaveAttribute('aria-current', 'page');
    await user.click(providers.getByRole('link', { name: 'GClub Live' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'GClub Live' })).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Live Baccarat']));
    expect(router.state.location.pathname).toBe('/games/gclub_live');
  });

  it('asks a visitor who taps Play to log in, then opens that game', async () => {
    const { user, router, state } = renderApp('/games/askmebet?tab=Slot');
    const play = await screen.findByRole('link', { name: 'ຫຼິ້ນ Dragon Fortune' });
    expect(play).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/player/game/askmebet/play/amb-slot-dragon')}`,
    );
    await user.click(play);
    await user.type(await screen.findByLabelText('ຊື່ຜູ້ໃຊ້'), testPlayer.username);
    await user.type(screen.getByLabelText('ລະຫັດຜ່ານ'), testPassword);
    await user.click(screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    await waitFor(() => expect(where(router)).toBe('/player/game/askmebet/play/amb-slot-dragon'));
    await waitFor(() => expect(state.requests).toContain('POST /v2/games/launch'));
  });

  it('sends a signed-in player to their own lobby, with its tab', async () => {
    const { router } = renderApp('/games/askmebet?tab=Fish', { state: { player: testPlayer } });
    await waitFor(() => expect(where(router)).toBe('/player/game/askmebet?tab=Fish'));
  });

  it('shows one category across providers, as the home page’s tiles lead to', async () => {
    renderApp('/games?tab=Casino');
    expect(await screen.findByRole('heading', { level: 1, name: 'ເກມຄາສິໂນ' })).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Alphabet Baccarat', 'Roulette', 'Live Baccarat']));
    const live = screen.getByRole('heading', { name: 'Live Baccarat' }).closest('article') as HTMLElement;
    expect(within(live).getByText('GClub Live')).toBeInTheDocument();
  });
});

describe('the home page', () => {
  it('leads with the promotions in force as banners, each leading through login to the promotion', async () => {
    renderApp('/', { state: { promotions: testPromotions } });
    const banners = within(await screen.findByRole('region', { name: 'ໂປຣໂມຊັນ' }));
    const welcome = await banners.findByRole('link', { name: 'Welcome bonus 20%' });
    expect(welcome).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/player/promotion/welcome-100')}`,
    );
    // An ended or switched-off promotion is not advertised.
    expect(banners.queryByRole('link', { name: 'Weekend 10%' })).toBeNull();
    // First on the page, above the ways in.
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('ໂປຣໂມຊັນ');
  });

  it('has no banners when no promotion is in force', async () => {
    const { state } = renderApp('/');
    await screen.findByRole('region', { name: 'ເກມມາແຮງ' });
    await waitFor(() => expect(state.requests).toContain('GET /v2/promotions/banners'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'ໂປຣໂມຊັນ' })).toBeNull());
  });

  it('shows rows of the hot and the new games of every provider, each leading through login into the game', async () => {
    renderApp('/');
    const hot = within(await screen.findByRole('region', { name: 'ເກມມາແຮງ' }));
    await waitFor(() =>
      expect(hot.getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Alphabet Baccarat',
        'Dragon Fortune',
      ]),
    );
    const fresh = within(screen.getByRole('region', { name: 'ເກມໃໝ່' }));
    expect(fresh.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Lotus Treasure',
      'Cockfight Arena',
    ]);
    expect(fresh.getByRole('link', { name: 'Cockfight Arena' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/player/game/askmebet/play/amb-chicken-arena')}`,
    );
    expect(fresh.getByRole('link', { name: 'Cockfight Arena' }).querySelector('img')).toHaveAttribute(
      'loading',
      'lazy',
    );
  });

  it('leads to the four lobbies and the six categories a visitor may browse', async () => {
    renderApp('/');
    const lobbies = within(await screen.findByRole('region', { name: 'ຜູ້ໃຫ້ບໍລິການເກມ' }));
    expect(lobbies.getByRole('link', { name: 'GClub Live' })).toHaveAttribute('href', '/games/gclub_live');
    expect(lobbies.getAllByRole('link')).toHaveLength(4);
    const categories = within(screen.getByRole('region', { name: 'ໝວດເກມ' }));
    expect(categories.getByRole('link', { name: 'ຍິງປາ' })).toHaveAttribute('href', '/games?tab=Fish');
    expect(categories.getAllByRole('link')).toHaveLength(6);
  });
});
