import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { testPassword, testPlayer } from '../msw/fakeState';
import { showToast, selectVisibleToasts } from '@/lib/toast';
import { findStatusSaying } from '../findStatus';
import { renderApp } from '../renderApp';

const SESSION_ENDED = 'ເຊດຊັນຂອງທ່ານສິ້ນສຸດລົງແລ້ວ. ກະລຸນາເຂົ້າສູ່ລະບົບອີກຄັ້ງເພື່ອສືບຕໍ່.';

async function logIn(user: UserEvent) {
  await user.type(await screen.findByLabelText('ຊື່ຜູ້ໃຊ້'), testPlayer.username);
  await user.type(screen.getByLabelText('ລະຫັດຜ່ານ'), testPassword);
  await user.click(screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
}

const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('coming back after /login (docs/player-site.md §8)', () => {
  it('says the session ended, then returns the player to the page and query they were on', async () => {
    const { router, state, user } = renderApp('/player/game/askmebet?tab=Slot', {
      state: { player: testPlayer },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'AskMeBet' })).toBeInTheDocument();
    await screen.findAllByText('0,00 THB');
    // The session expires on the server; the next credit refresh answers 401.
    state.player = null;
    await user.click(await screen.findByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await findStatusSaying(SESSION_ENDED)).toBeInTheDocument();
    await logIn(user);
    await waitFor(() => expect(where(router)).toBe('/player/game/askmebet?tab=Slot'));
    expect(await screen.findByRole('heading', { level: 1, name: 'AskMeBet' })).toBeInTheDocument();
  });

  it('returns a visitor sent from a player page to that page, without the session message', async () => {
    const { router, user } = renderApp('/player/withdraw/history?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'ເຂົ້າສູ່ລະບົບ' })).toBeInTheDocument();
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
    await logIn(user);
    await waitFor(() => expect(where(router)).toBe('/player/withdraw/history?page=2'));
  });

  it('sends a player who opened /login themselves to the first game', async () => {
    const { router, user } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'ເຂົ້າສູ່ລະບົບ' })).toBeInTheDocument();
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
    await logIn(user);
    await waitFor(() => expect(where(router)).toBe('/player/game/alphabet'));
  });

  it.each([
    'https://evil.example/player/bank',
    '//evil.example/player/bank',
    '/\\evil.example/player/bank',
    '/player/../sandbox/bank',
    '/sandbox/bank',
  ])('never returns to %s, only to this site’s player pages', async (next) => {
    const { router, user } = renderApp(`/login?next=${encodeURIComponent(next)}`);
    await logIn(user);
    await waitFor(() => expect(where(router)).toBe('/player/game/alphabet'));
  });

  it("drops the ended session's toasts: an order's code and amount are not for the next player", async () => {
    const { store, state, user, router } = renderApp('/player/bank', { state: { player: testPlayer } });
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      store.dispatch(
        showToast({
          type: 'success',
          titleKey: 'money:deposit.dialog.successTitle',
          values: { code: 'D2611230001ABCD' },
        }),
      );
    });
    expect(await screen.findByText('ຝາກເງິນສຳເລັດ')).toBeInTheDocument();
    state.player = null;
    await user.click(await screen.findByRole('button', { name: /THB/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(selectVisibleToasts(store.getState())).toEqual([]);
  });
});
