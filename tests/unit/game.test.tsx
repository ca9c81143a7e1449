import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { api, type PromotionUsage, type Provider } from '@/api';
import { FINGERPRINT_DELAY_MS } from '@/layout/useFingerprintSync';
import { playFakeRound, testPlayer } from './msw/fakeState';
import { testGames } from './msw/handlers';
import { apiPath, errorResponse } from './msw/respond';
import { renderApp } from './renderApp';

const player = { player: testPlayer };
const NO_CREDIT = { alphabet: '0.00', askmebet: '0.00', gclub: '0.00', gclub_live: '0.00' };

/** The promotion in use, at one provider. */
function promotionAt(provider: Provider): PromotionUsage {
  return {
    usageId: '5c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f',
    promotionId: 'welcome-100',
    promotionTitle: 'Welcome bonus 20%',
    provider,
    status: 'ACTIVE',
    usedAt: '2026-11-22T07:05:00.000Z',
    depositAmount: 100000,
    bonusCredit: 0,
    endedAt: '0001-01-01T00:00:00Z',
  };
}

/** The game cards on screen, by their names. */
function cardNames(): string[] {
  return screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent ?? '');
}

function tab(name: string) {
  return within(screen.getByRole('navigation', { name: 'ໝວດເກມ' })).getByRole('link', { name });
}

describe('a provider lobby', () => {
  it("lands on the menu's tab and lets the player change it, the choice kept in the address", async () => {
    const { user, router } = renderApp('/player/game/askmebet?tab=Slot', { state: player });
    await screen.findByRole('heading', { name: 'Golden Naga' });
    expect(tab('ສະລັອດ')).toHaveAttribute('aria-current', 'page');
    expect(cardNames()).toEqual(['Golden Naga', 'Dragon Fortune']);

    await user.click(tab('ຊົນໄກ່'));
    await waitFor(() => expect(cardNames()).toEqual(['Cockfight Arena']));
    expect(router.state.location.search).toBe('?tab=Chicken');
    expect(tab('ຊົນໄກ່')).toHaveAttribute('aria-current', 'page');

    await user.click(tab('ທັງໝົດ'));
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    // Only categories the provider has are offered: askmebet has no casino game.
    expect(
      within(screen.getByRole('navigation', { name: 'ໝວດເກມ' })).queryByRole('link', { name: 'ຄາສິໂນ' }),
    ).toBeNull();
  });

  it('loads the artwork of the first screen at once and first, the rest when scrolled to', async () => {
    const slot = testGames.find((g) => g.id === 'amb-slot-001')!;
    const many = Array.from({ length: 8 }, (_, i) => ({
      ...slot,
      id: `amb-slot-${i}`,
      name: `Slot ${i + 1}`,
    }));
    renderApp('/player/game/askmebet', {
      state: player,
      handlers: [http.get('*/api/v2/games', () => HttpResponse.json({ games: many }))],
    });
    await screen.findByRole('heading', { name: 'Slot 8' });
    const art = screen.getAllByRole('article').map((card) => card.querySelector('img')!);
    for (const first of art.slice(0, 6)) {
      expect(first).toHaveAttribute('loading', 'eager');
      expect(first).toHaveAttribute('fetchpriority', 'high');
    }
    for (const below of art.slice(6)) {
      expect(below).toHaveAttribute('loading', 'lazy');
      expect(below).not.toHaveAttribute('fetchpriority');
    }
  });

  it('shows artwork of a fixed size, and new and hot badges', async () => {
    renderApp('/player/game/askmebet', { state: player });
    const card = (await screen.findByRole('heading', { name: 'Cockfight Arena' })).closest('article')!;
    const art = card.querySelector('img')!;
    expect(art).toHaveAttribute('src', '/games/art/chicken-test.svg');
    expect(art).toHaveAttribute('width', '120');
    expect(art).toHaveAttribute('height', '120');
    expect(within(card as HTMLElement).getByText('ໃໝ່')).toBeInTheDocument();
    const hot = screen.getByRole('heading', { name: 'Dragon Fortune' }).closest('article') as HTMLElement;
    expect(within(hot).getByText('ມາແຮງ')).toBeInTheDocument();
  });

  it('finds games by name, whatever the letter case, and says when nothing matches', async () => {
    const { user } = renderApp('/player/game/askmebet', { state: player });
    await screen.findByRole('heading', { name: 'Golden Naga' });
    const search = screen.getByRole('searchbox', { name: 'ຊອກຫາເກມ' });
    await user.type(search, 'DRAG');
    expect(cardNames()).toEqual(['Dragon Fortune']);
    await user.clear(search);
    await user.type(search, 'poker');
    expect(cardNames()).toEqual([]);
    expect(screen.getByText('ບໍ່ພົບເກມທີ່ກົງກັບ "poker"')).toBeInTheDocument();
  });

  it('keeps favourites on the server: marked, listed in their tab, unmarked', async () => {
    const { user, state } = renderApp('/player/game/askmebet', { state: player });
    const heart = await screen.findByRole('button', { name: 'ເພີ່ມ Golden Naga ໃສ່ລາຍການທີ່ມັກ' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    const marked = await screen.findByRole('button', { name: 'ເອົາ Golden Naga ອອກຈາກລາຍການທີ່ມັກ' });
    expect(marked).toHaveAttribute('aria-pressed', 'true');
    expect(state.favouriteGames).toEqual(['amb-slot-001']);

    await user.click(tab('ທີ່ມັກ'));
    await waitFor(() => expect(cardNames()).toEqual(['Golden Naga']));
    await user.click(screen.getByRole('button', { name: 'ເອົາ Golden Naga ອອກຈາກລາຍການທີ່ມັກ' }));
    expect(await screen.findByText('ກົດຮູບຫົວໃຈຢູ່ເກມໃດໜຶ່ງເພື່ອເກັບໄວ້ທີ່ນີ້')).toBeInTheDocument();
    expect(state.favouriteGames).toEqual([]);
  });

  it("lists this provider's recently played games, newest first", async () => {
    const { user } = renderApp('/player/game/askmebet?tab=Recent', {
      state: { ...player, recentGames: ['amb-fish-001', 'alpha-baccarat', 'amb-slot-001'] },
    });
    await waitFor(() => expect(cardNames()).toEqual(['Mekong Fishing', 'Golden Naga']));
    expect(tab('ຫຼິ້ນລ່າສຸດ')).toHaveAttribute('aria-current', 'page');
    await user.click(tab('ທັງໝົດ'));
    await waitFor(() => expect(cardNames()).toHaveLength(4));
  });

  it('shows the credit there with a quick Deposit at this provider', async () => {
    renderApp('/player/game/alphabet', { state: player });
    const card = await screen.findByRole('region', { name: 'ເຄຣດິດ' });
    expect(await within(card).findByText('153,84 THB')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'ຝາກເງິນ' })).toHaveAttribute(
      'href',
      '/player/deposit?provider=alphabet',
    );
  });

  it('names nothing in English while the credit is read again', async () => {
    let reads = 0;
    const { user } = renderApp('/player/game/alphabet', {
      state: player,
      handlers: [
        http.get(apiPath('/v2/players/credits/alphabet'), async () => {
          reads += 1;
          // The first read answers; the refresh stays busy, spinner showing.
          if (reads > 1) await delay('infinite');
        }),
      ],
    });
    const card = await screen.findByRole('region', { name: 'ເຄຣດິດ' });
    await within(card).findByText('153,84 THB');
    await user.click(within(card).getByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' }));
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(card.querySelector('.ant-btn-loading')).not.toBeNull());
    expect(within(card).queryByLabelText('loading')).toBeNull();
    expect(within(card).getByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' })).toBeInTheDocument();
  });
});

describe('credit at a seamless provider, fed by its bets', () => {
  it('shows the credit each round left, and the round in the bet history', async () => {
    const { user, state, router } = renderApp('/player/game/alphabet', { state: player });
    const card = await screen.findByRole('region', { name: 'ເຄຣດິດ' });
    await within(card).findByText('153,84 THB');

    // The game calls the site's wallet: a 10 THB stake, a 25 THB win, booked in the ledger at once.
    playFakeRound(state, {
      provider: 'alphabet',
      gameId: 'alp-slot-001',
      gameName: 'Mekong Fortune',
      stake: 1000,
      win: 2500,
    });
    await user.click(within(card).getByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' }));
    expect(await within(card).findByText('168,84 THB')).toBeInTheDocument();

    // A losing round next: the stake is gone from the credit, and both rounds are in the history.
    playFakeRound(state, {
      provider: 'alphabet',
      gameId: 'alp-slot-001',
      gameName: 'Mekong Fortune',
      stake: 500,
      win: 0,
    });
    await user.click(within(card).getByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' }));
    expect(await within(card).findByText('163,84 THB')).toBeInTheDocument();

    await act(() => router.navigate('/player/activity'));
    const history = await screen.findByRole('region', { name: 'ປະຫວັດການເດີມພັນ' });
    const rounds = await within(history).findAllByRole('listitem');
    expect(rounds).toHaveLength(2);
    expect(rounds[0]).toHaveTextContent('-5,00 THB');
    expect(rounds[0]).toHaveTextContent('ເດີມພັນ 5,00 THB · ໄດ້ຄືນ 0,00 THB');
    expect(rounds[1]).toHaveTextContent('+15,00 THB');
    expect(rounds[1]).toHaveTextContent('Mekong Fortune');
  });
});

describe("a provider's games list", () => {
  afterEach(() => jest.useRealTimers());

  /** Counts the games-list requests by provider, then lets the fake API answer them. */
  function countListRequests() {
    const asked: Record<string, number> = {};
    const handler = http.get('*/api/v2/games', ({ request }) => {
      const provider = new URL(request.url).searchParams.get('provider') ?? 'none';
      asked[provider] = (asked[provider] ?? 0) + 1;
      return undefined;
    });
    return { asked, handler };
  }

  // docs/player-site.md §4: data is fresh for 5 minutes and refetched on window focus, unused cache is
  // dropped after 5 minutes; the alphabet and askmebet game lists are never stale (src/api/cache.ts). The
  // times are written out here, not read from the api's settings.
  it.each([
    ['alphabet', 'never stale', 0],
    ['askmebet', 'never stale', 0],
    ['gclub', 'stale after 5 minutes', 1],
    ['gclub_live', 'stale after 5 minutes', 1],
  ] as const)(
    '%s: its list is %s: asked again %d time(s) on focus, and again after 5 minutes unused',
    async (provider, _rule, again) => {
      // The clock runs as usual, and jumps when told: minutes pass without waiting for them.
      jest.useFakeTimers({ advanceTimers: true });
      const { asked, handler } = countListRequests();
      const { state, store, router } = renderApp(`/player/game/${provider}`, {
        state: player,
        handlers: [handler],
      });
      const settled = () => Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
      const cached = () => api.endpoints.listGames.select({ provider })(store.getState()).isSuccess;
      const openLobby = async () => {
        await act(() => router.navigate(`/player/game/${provider}`));
        await waitFor(() => expect(cardNames().length).toBeGreaterThan(0));
        await settled();
      };
      /** Leaves the lobby for another page, and lets `ms` pass there. */
      const goAwayFor = async (ms: number) => {
        await act(() => router.navigate('/player/bank'));
        await screen.findByRole('heading', { level: 1, name: 'ບັນຊີທະນາຄານ' });
        await settled();
        act(() => jest.advanceTimersByTime(ms));
      };
      await waitFor(() => expect(cardNames().length).toBeGreaterThan(0));
      await settled();
      expect(asked[provider]).toBe(1);
      // The device fingerprint is sent a few seconds after load: sent now, not while the clock jumps below.
      act(() => jest.advanceTimersByTime(FINGERPRINT_DELAY_MS));
      await waitFor(() =>
        expect(Object.values(store.getState().api.mutations).map((call) => call?.status)).toEqual([
          'fulfilled',
        ]),
      );

      // On focus the page's other reads (the navbar's credit total among them) are asked again.
      const totals = () => state.requests.filter((r) => r === 'GET /v2/players/credits').length;
      const totalsBefore = totals();
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      await waitFor(() => expect(totals()).toBeGreaterThan(totalsBefore));
      await settled();
      expect(asked[provider]).toBe(1 + again);

      // Unused for 4 min 50 s: every list is still in the cache and still fresh.
      await goAwayFor(4 * 60_000 + 50_000);
      expect(cached()).toBe(true);
      await openLobby();
      expect(asked[provider]).toBe(1 + again);

      // Unused for 5 min 10 s: the list is dropped and asked again, unless it is never stale.
      await goAwayFor(5 * 60_000 + 10_000);
      expect(cached()).toBe(again === 0);
      await openLobby();
      expect(asked[provider]).toBe(1 + 2 * again);
    },
  );
});

describe('the game view', () => {
  it('launches the game in a full-screen frame, records it as recent, and closes back to the lobby', async () => {
    const { user, state, router } = renderApp('/player/game/askmebet', {
      state: {
        ...player,
        credits: { alphabet: '1.00', askmebet: '10.00', gclub: '0.00', gclub_live: '0.00' },
      },
    });
    await user.click(await screen.findByRole('link', { name: 'ຫຼິ້ນ Golden Naga' }));
    const view = await screen.findByRole('dialog', { name: 'Golden Naga' });
    const frame = await within(view).findByTitle('Golden Naga');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute(
      'src',
      expect.stringContaining('/sandbox/studio/askmebet/amb-slot-001?token='),
    );
    expect(router.state.location.pathname).toBe('/player/game/askmebet/play/amb-slot-001');
    expect(state.recentGames).toEqual(['amb-slot-001']);
    // Once open, the game has the whole screen: its artwork, shown while it opened, is gone.
    expect(view.querySelector('img')).toBeNull();

    // The navbar's total stays on screen under the game, read before the rounds were played.
    expect(await screen.findByRole('button', { name: /11,00 THB/ })).toBeInTheDocument();
    state.credits.askmebet = '60.00';
    await user.click(within(view).getByRole('link', { name: 'ປິດເກມ' }));
    await screen.findByRole('heading', { level: 1, name: 'AskMeBet' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // What the rounds did to the credit is read again on the way back, by the total that stayed mounted
    // too (the lobby's own card reads it anyway as it mounts).
    expect(await screen.findByRole('button', { name: /61,00 THB/ })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'ເຄຣດິດ' });
    expect(await within(card).findByText('60,00 THB')).toBeInTheDocument();
  });

  it('refuses with no credit anywhere and offers a deposit at this provider', async () => {
    renderApp('/player/game/askmebet/play/amb-slot-001', { state: { ...player, credits: NO_CREDIT } });
    const view = await screen.findByRole('dialog', { name: 'Golden Naga' });
    expect(await within(view).findByRole('alert')).toHaveTextContent(
      'ທ່ານບໍ່ມີເຄຣດິດຢູ່ຜູ້ໃຫ້ບໍລິການນີ້. ກະລຸນາຝາກເງິນກ່ອນຫຼິ້ນ',
    );
    expect(within(view).getByRole('link', { name: 'ຝາກເງິນ' })).toHaveAttribute(
      'href',
      '/player/deposit?provider=askmebet',
    );
    expect(within(view).queryByRole('button', { name: /ມາຈາກ/ })).toBeNull();
    expect(within(view).getByRole('link', { name: 'ກັບໄປໜ້າເກມ' })).toHaveAttribute(
      'href',
      '/player/game/askmebet',
    );
    expect(within(view).queryByTitle('Golden Naga')).toBeNull();
    // The game's artwork stays above the refusal, as it stood while the game was opening.
    expect(view.querySelector('img')).toHaveAttribute('src', '/games/art/slot-test.svg');
  });

  it('refuses a game taken off the list, without a retry', async () => {
    renderApp('/player/game/alphabet/play/alpha-baccarat', {
      state: { ...player, disabledGames: ['alpha-baccarat'] },
    });
    const view = await screen.findByRole('dialog');
    expect(await within(view).findByRole('alert')).toHaveTextContent('ເກມນີ້ປິດໃຫ້ບໍລິການຊົ່ວຄາວ');
    expect(within(view).queryByRole('button', { name: 'ລອງໃໝ່' })).toBeNull();
  });

  it('says when the provider is down and launches on retry', async () => {
    const { user, state } = renderApp('/player/game/alphabet/play/alpha-baccarat', {
      state: { ...player, failNext: { launchGame: { status: 503, code: 'PROVIDER_UNAVAILABLE' } } },
    });
    const view = await screen.findByRole('dialog', { name: 'Alphabet Baccarat' });
    expect(await within(view).findByRole('alert')).toHaveTextContent('ຜູ້ໃຫ້ບໍລິການເກມບໍ່ພ້ອມໃຊ້ງານ, ກະລຸນາລອງໃໝ່ພາຍຫຼັງ');
    await user.click(within(view).getByRole('button', { name: 'ລອງໃໝ່' }));
    expect(await within(view).findByTitle('Alphabet Baccarat')).toHaveAttribute(
      'src',
      expect.stringContaining('/sandbox/studio/alphabet/alpha-baccarat'),
    );
    expect(state.requests.filter((r) => r === 'POST /v2/games/launch')).toHaveLength(2);
  });
});

describe('credit brought to the game', () => {
  const askmebetGame = '/player/game/askmebet/play/amb-slot-001';
  const moves = (requests: string[]) => requests.filter((r) => r === 'POST /v2/players/credits/move');

  it('offers the credit of the provider holding the most in one tap, moves it once, then opens the game', async () => {
    const { user, state } = renderApp(askmebetGame, { state: player });
    const view = await screen.findByRole('dialog', { name: 'Golden Naga' });
    expect(await within(view).findByRole('alert')).toHaveTextContent(
      'ຍັງບໍ່ມີເຄຣດິດຢູ່ AskMeBet. ນຳເຄຣດິດມາຈາກຜູ້ໃຫ້ບໍລິການອື່ນ ຫຼື ຝາກເງິນ',
    );
    expect(within(view).getByRole('link', { name: 'ຝາກເງິນ' })).toHaveAttribute(
      'href',
      '/player/deposit?provider=askmebet',
    );

    await user.click(within(view).getByRole('button', { name: 'ນຳ 1.000,50 THB ມາຈາກ GClub Live' }));
    expect(await within(view).findByTitle('Golden Naga')).toHaveAttribute(
      'src',
      expect.stringContaining('/sandbox/studio/askmebet/amb-slot-001'),
    );
    expect(state.credits).toMatchObject({ askmebet: '1000.50', gclub_live: '0.00', alphabet: '153.84' });
    expect(moves(state.requests)).toHaveLength(1);
    expect(state.requests.filter((r) => r === 'POST /v2/games/launch')).toHaveLength(2);
  });

  it('offers the same for a credit too small to bet as for none, and opens no game until one can be played', async () => {
    const { user, state } = renderApp(askmebetGame, {
      state: { ...player, credits: { ...NO_CREDIT, askmebet: '0.50', gclub: '20.00' } },
    });
    const view = await screen.findByRole('dialog', { name: 'Golden Naga' });
    expect(await within(view).findByRole('alert')).toHaveTextContent(
      'ເຄຣດິດຢູ່ AskMeBet ມີ 0,50 THB, ໜ້ອຍກວ່າເດີມພັນຕ່ຳສຸດ 1,00 THB. ນຳເຄຣດິດມາຈາກຜູ້ໃຫ້ບໍລິການອື່ນ ຫຼື ຝາກເງິນ',
    );
    expect(within(view).getByRole('link', { name: 'ຝາກເງິນ' })).toHaveAttribute(
      'href',
      '/player/deposit?provider=askmebet',
    );
    expect(within(view).queryByTitle('Golden Naga')).toBeNull();

    await user.click(within(view).getByRole('button', { name: 'ນຳ 20,00 THB ມາຈາກ GClub' }));
    expect(await within(view).findByTitle('Golden Naga')).toHaveAttribute(
      'src',
      expect.stringContaining('/sandbox/studio/askmebet/amb-slot-001'),
    );
    expect(state.credits).toMatchObject({ askmebet: '20.50', gclub: '0.00' });
    expect(within(view).queryByRole('alert')).toBeNull();
  });

  it('with a credit too small to bet and none elsewhere, offers a deposit', async () => {
    renderApp(askmebetGame, { state: { ...player, credits: { ...NO_CREDIT, askmebet: '0.99' } } });
    const view = await screen.findByRole('dialog', { name: 'Golden Naga' });
    expect(await within(view).findByRole('alert')).toHaveTextContent(
      'ເຄຣດິດຢູ່ AskMeBet ມີ 0,99 THB, ໜ້ອຍກວ່າເດີມພັນຕ່ຳສຸດ 1,00 THB. ກະລຸນາຝາກເງິນກ່ອນຫຼິ້ນ',
    );
    expect(within(view).getByRole('link', { name: 'ຝາກເງິນ' })).toHaveClass('cta--primary');
    expect(within(view).queryByRole('button', { name: /ມາຈາກ/ })).toBeNull();
    expect(within(view).queryByTitle('Golden Naga')).toBeNull();
  });

  it('leaves out credit that a promotion in use binds', async () => {
    renderApp(askmebetGame, { state: { ...player, usages: [promotionAt('gclub_live')] } });
    const view = await screen.findByRole('dialog', { name: 'Golden Naga' });
    expect(
      await within(view).findByRole('button', { name: 'ນຳ 153,84 THB ມາຈາກ Alphabet' }),
    ).toBeInTheDocument();
  });

  it('says why a move was refused, opens nothing, and a second tap sends the same move under the same key', async () => {
    const keys: (string | null)[] = [];
    const { user, state } = renderApp(askmebetGame, {
      state: { ...player, failNext: { moveCredit: { status: 409, code: 'GAME_ROUND_OPEN' } } },
      handlers: [
        http.post('*/api/v2/players/credits/move', ({ request }) => {
          keys.push(request.headers.get('Idempotency-Key'));
        }),
      ],
    });
    const view = await screen.findByRole('dialog', { name: 'Golden Naga' });
    const bring = await within(view).findByRole('button', { name: 'ນຳ 1.000,50 THB ມາຈາກ GClub Live' });
    await user.click(bring);
    expect(await within(view).findByText('ຍັງມີຮອບເກມທີ່ບໍ່ທັນຈົບ. ກະລຸນາຫຼິ້ນໃຫ້ຈົບກ່ອນ')).toBeInTheDocument();
    expect(within(view).queryByTitle('Golden Naga')).toBeNull();
    expect(state.credits.askmebet).toBe('0.00');

    await user.click(bring);
    expect(await within(view).findByTitle('Golden Naga')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(state.credits.askmebet).toBe('1000.50');
  });

  it('is kept as a setting: with "bring my credit along", every launch brings the other providers\' credit first', async () => {
    const { user, state } = renderApp('/player/game/askmebet/play/amb-slot-001', { state: player });
    const view = await screen.findByRole('dialog', { name: 'Golden Naga' });
    await user.click(await within(view).findByRole('checkbox', { name: 'ນຳເຄຣດິດຂອງຂ້ອຍມານຳທຸກຄັ້ງທີ່ເປີດເກມ' }));
    await waitFor(() => expect(state.bringCreditAlong).toBe(true));
    expect(moves(state.requests)).toHaveLength(0);

    // The next game opened brings everything along, except what the promotion in use binds.
    state.usages = [promotionAt('gclub')];
    await user.click(within(view).getByRole('link', { name: 'ປິດເກມ' }));
    await screen.findByRole('heading', { level: 1, name: 'AskMeBet' });
    await user.click(await screen.findByRole('link', { name: 'ຫຼິ້ນ Dragon Fortune' }));
    const next = await screen.findByRole('dialog', { name: 'Dragon Fortune' });
    expect(await within(next).findByTitle('Dragon Fortune')).toBeInTheDocument();
    expect(state.credits).toEqual({
      alphabet: '0.00',
      askmebet: '1154.34',
      gclub: '20.00',
      gclub_live: '0.00',
    });
    expect(moves(state.requests)).toHaveLength(2);
  });

  it('ticks "bring my credit along" at once, and puts it back and says so when the server refuses', async () => {
    // The first change is answered only when the test lets it go, and refused.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { user, state } = renderApp('/player/game/askmebet', {
      state: player,
      handlers: [
        http.put(
          '*/api/v2/players/wallet-settings',
          async () => {
            await answered;
            return errorResponse('INTERNAL_ERROR');
          },
          { once: true },
        ),
      ],
    });
    const card = await screen.findByRole('region', { name: 'ເຄຣດິດ' });
    await user.click(within(card).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ຍ້າຍເຄຣດິດລະຫວ່າງຜູ້ໃຫ້ບໍລິການ' });
    const along = await within(dialog).findByRole('checkbox', { name: 'ນຳເຄຣດິດຂອງຂ້ອຍມານຳທຸກຄັ້ງທີ່ເປີດເກມ' });
    await waitFor(() => expect(along).toBeEnabled());
    await user.click(along);
    await waitFor(() => expect(along).toBeChecked());
    answer();
    await waitFor(() => expect(along).not.toBeChecked());
    expect(await screen.findByText('ມີບາງຢ່າງຜິດພາດ, ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການ.')).toBeInTheDocument();
    expect(state.bringCreditAlong).toBe(false);

    await waitFor(() => expect(along).toBeEnabled());
    await user.click(along);
    await waitFor(() => expect(state.bringCreditAlong).toBe(true));
    expect(along).toBeChecked();
  });

  it('with "bring my credit along", a refused move is said and the game opens with what came', async () => {
    const { state } = renderApp(askmebetGame, {
      state: {
        ...player,
        bringCreditAlong: true,
        failNext: { moveCredit: { status: 409, code: 'GAME_ROUND_OPEN' } },
      },
    });
    const view = await screen.findByRole('dialog', { name: 'Golden Naga' });
    expect(await within(view).findByTitle('Golden Naga')).toBeInTheDocument();
    expect(await screen.findByText('ຍັງມີຮອບເກມທີ່ບໍ່ທັນຈົບ. ກະລຸນາຫຼິ້ນໃຫ້ຈົບກ່ອນ')).toBeInTheDocument();
    // gclub_live (the most) was refused; alphabet and gclub came.
    expect(state.credits).toEqual({
      alphabet: '0.00',
      askmebet: '173.84',
      gclub: '0.00',
      gclub_live: '1000.50',
    });
  });
});

describe('a category lobby across providers', () => {
  it('lists one category of every provider, with each game’s provider', async () => {
    renderApp('/player/games?tab=Casino', { state: player });
    expect(await screen.findByRole('heading', { level: 1, name: 'ເກມຄາສິໂນ' })).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Alphabet Baccarat', 'Roulette', 'Live Baccarat']));
    const live = screen.getByRole('heading', { name: 'Live Baccarat' }).closest('article') as HTMLElement;
    expect(within(live).getByText('GClub Live')).toBeInTheDocument();
  });
});

describe('credit across providers', () => {
  it('shows the total in the navbar and reads it again on a tap', async () => {
    const { user, state } = renderApp('/player/bank', { state: player });
    const total = await screen.findByRole('button', { name: /1\.174,34 THB/ });
    state.credits.gclub = '120.00';
    await user.click(total);
    expect(await screen.findByRole('button', { name: /1\.274,34 THB/ })).toBeInTheDocument();
  });

  it('moves credit from one provider to another in one step', async () => {
    const { user, state } = renderApp('/player/game/alphabet', { state: player });
    const card = await screen.findByRole('region', { name: 'ເຄຣດິດ' });
    await within(card).findByText('153,84 THB');
    await user.click(within(card).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ຍ້າຍເຄຣດິດລະຫວ່າງຜູ້ໃຫ້ບໍລິການ' });

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'ໄປຫາ' }), 'gclub');
    await user.click(within(dialog).getByLabelText('ຈຳນວນເຄຣດິດ'));
    await user.paste('200');
    await user.click(within(dialog).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    expect(await within(dialog).findByText('ເຄຣດິດບໍ່ພໍ')).toBeInTheDocument();
    expect(state.requests).not.toContain('POST /v2/players/credits/move');

    // The format error's examples are written as the site writes numbers.
    await user.clear(within(dialog).getByLabelText('ຈຳນວນເຄຣດິດ'));
    await user.paste('fifty');
    await user.click(within(dialog).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    expect(await within(dialog).findByText('ຈຳນວນບໍ່ຖືກຕ້ອງ (ເຊັ່ນ 50 ຫຼື 50,25)')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('ຈຳນວນເຄຣດິດ'));
    await user.paste('50.25');
    await user.click(within(dialog).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    expect(await within(card).findByText('103,59 THB')).toBeInTheDocument();
    expect(state.credits).toMatchObject({ alphabet: '103.59', gclub: '70.25' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("moves credit into an empty provider's lobby from another, bounded by what that one holds", async () => {
    const { user, state } = renderApp('/player/game/askmebet', { state: player });
    const card = await screen.findByRole('region', { name: 'ເຄຣດິດ' });
    await within(card).findByText('0,00 THB');
    await user.click(within(card).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ຍ້າຍເຄຣດິດລະຫວ່າງຜູ້ໃຫ້ບໍລິການ' });
    // Nothing here to move out: the dialog opens the other way.
    expect(await within(dialog).findByRole('radio', { name: 'ເຂົ້າ AskMeBet' })).toBeChecked();
    const from = await within(dialog).findByRole('combobox', { name: 'ຈາກ' });
    await waitFor(() =>
      expect(within(from).getByRole('option', { name: 'GClub · 20,00 THB' })).toBeInTheDocument(),
    );
    await user.selectOptions(from, 'gclub');
    await user.click(within(dialog).getByLabelText('ຈຳນວນເຄຣດິດ'));
    await user.paste('25');
    await user.click(within(dialog).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    expect(await within(dialog).findByText('ເຄຣດິດບໍ່ພໍ')).toBeInTheDocument();

    await user.selectOptions(from, 'gclub_live');
    await user.click(within(dialog).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    expect(await within(card).findByText('25,00 THB')).toBeInTheDocument();
    expect(state.credits).toMatchObject({ askmebet: '25.00', gclub_live: '975.50', gclub: '20.00' });
  });

  it('takes more credit into a lobby that has some, once the player turns the direction', async () => {
    const { user, state } = renderApp('/player/game/gclub', { state: player });
    const card = await screen.findByRole('region', { name: 'ເຄຣດິດ' });
    await within(card).findByText('20,00 THB');
    await user.click(within(card).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ຍ້າຍເຄຣດິດລະຫວ່າງຜູ້ໃຫ້ບໍລິການ' });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'ອອກຈາກ GClub' })).toBeChecked());
    await user.click(within(dialog).getByRole('radio', { name: 'ເຂົ້າ GClub' }));
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'ຈາກ' }), 'alphabet');
    await user.click(within(dialog).getByLabelText('ຈຳນວນເຄຣດິດ'));
    await user.paste('100');
    await user.click(within(dialog).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    expect(await within(card).findByText('120,00 THB')).toBeInTheDocument();
    expect(state.credits).toMatchObject({ alphabet: '53.84', gclub: '120.00' });
  });

  it('shows the server’s refusal of a move in the dialog', async () => {
    const { user } = renderApp('/player/game/alphabet', {
      state: { ...player, failNext: { moveCredit: { status: 409, code: 'GAME_ROUND_OPEN' } } },
    });
    const card = await screen.findByRole('region', { name: 'ເຄຣດິດ' });
    await within(card).findByText('153,84 THB');
    await user.click(within(card).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ຍ້າຍເຄຣດິດລະຫວ່າງຜູ້ໃຫ້ບໍລິການ' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'ໄປຫາ' }), 'gclub_live');
    await user.click(within(dialog).getByLabelText('ຈຳນວນເຄຣດິດ'));
    await user.paste('10');
    await user.click(within(dialog).getByRole('button', { name: 'ຍ້າຍເຄຣດິດ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('ຍັງມີຮອບເກມທີ່ບໍ່ທັນຈົບ. ກະລຸນາຫຼິ້ນໃຫ້ຈົບກ່ອນ');
  });
});
