import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { parse } from 'yaml';
import type { Player } from '@/api';
import { SESSION_NOT_REQUIRED } from '@/app/listeners';
import { setLanguage } from '@/i18n/localeSlice';
import { browser } from '@/lib/browser';
import { testPlayer } from '../msw/fakeState';
import { apiPath } from '../msw/respond';
import { testBankAccount, testBanks } from '../msw/moneyHandlers';
import { renderApp } from '../renderApp';

const playerB: Player = {
  ...testPlayer,
  id: '0d7f9a3e-1c2b-4a5d-8e6f-9a0b1c2d3e4f',
  username: 'noy_vte',
  displayName: 'noy_vte',
};

/** Which cached queries of the API slice hold data, by endpoint name. */
function cachedEndpoints(store: ReturnType<typeof renderApp>['store']): string[] {
  return Object.values(store.getState().api.queries).flatMap((entry) =>
    entry?.data !== undefined ? [String(entry.endpointName)] : [],
  );
}

describe('one session lifecycle for players sharing a phone', () => {
  it("never shows player A's bank account to player B after A's session ends", async () => {
    const { user, state, store, router } = renderApp('/player/bank', {
      state: { player: testPlayer, banks: testBanks, bankAccounts: [testBankAccount] },
    });
    // A looks at their bank account, then moves on to a game page.
    expect(await screen.findByText('0101000123456')).toBeInTheDocument();
    await act(() => router.navigate('/player/game/gclub'));
    await screen.findByText('20,00 THB');

    // A's session ends on the server; the credit refresh answers 401 and the app goes to /login.
    state.player = null;
    state.bankAccounts = [];
    state.accounts.push({ username: playerB.username, password: 'noy password 1', player: playerB });
    await user.click(await screen.findByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(cachedEndpoints(store)).not.toContain('listBankAccounts'));

    // B logs in on the same tab and opens the bank page: it asks the server, and B has no account yet.
    await user.type(await screen.findByLabelText('ຊື່ຜູ້ໃຊ້'), playerB.username);
    await user.type(screen.getByLabelText('ລະຫັດຜ່ານ'), 'noy password 1');
    await user.click(screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    // Logged in, B is taken back to the page the ended session was on; then B opens the bank page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/game/gclub'));
    await act(() => router.navigate('/player/bank'));
    expect(await screen.findByRole('button', { name: 'ບັນທຶກບັນຊີ' })).toBeInTheDocument();
    expect(screen.queryByText('0101000123456')).not.toBeInTheDocument();
    expect(screen.queryByText('SOMCHAI PHOMMAVONG')).not.toBeInTheDocument();
  });

  it('takes the page down, drops every cached datum and reloads when the player logs out', async () => {
    const { store, state } = renderApp('/player/bank', {
      state: { player: testPlayer, banks: testBanks, bankAccounts: [testBankAccount] },
    });
    expect(await screen.findByText('0101000123456')).toBeInTheDocument();
    const before = state.requests.length;
    const { api } = await import('@/api');
    await act(() => store.dispatch(api.endpoints.logoutPlayer.initiate()));
    await waitFor(() => expect(browser.reload).toHaveBeenCalled());
    expect(cachedEndpoints(store)).not.toContain('listBankAccounts');
    expect(screen.queryByText('0101000123456')).not.toBeInTheDocument();
    // The page left before the cache was cleared: nothing asked again with the ended session.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(state.requests.slice(before)).toEqual(['POST /v2/players/logout']);
  });

  it('ends a half-valid session when the profile fails with a server error', async () => {
    const { state } = renderApp('/player/bank', {
      state: { player: testPlayer, banks: testBanks },
      // Every try fails (reads are retried), so the profile ends in an error.
      handlers: [
        http.get(apiPath('/v2/players/profile'), () =>
          HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'boom' }, { status: 500 }),
        ),
      ],
    });
    await waitFor(() => expect(state.requests).toContain('POST /v2/players/logout'));
    // The reload lands on /login in a browser (jsdom cannot reload).
    await waitFor(() => expect(browser.reload).toHaveBeenCalled());
  });

  it('a wrong password at login is not an ended session: the error stays on screen', async () => {
    const { user, state } = renderApp('/login');
    await user.type(await screen.findByLabelText('ຊື່ຜູ້ໃຊ້'), 'somchai_88');
    await user.type(screen.getByLabelText('ລະຫັດຜ່ານ'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    expect(await screen.findByText('ຊື່ຜູ້ໃຊ້ ຫຼື ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ')).toBeInTheDocument();
    expect(state.requests.filter((r) => r === 'GET /v2/agency/info')).toHaveLength(1);
  });

  it('changes texts, the stored choice and <html lang> together', async () => {
    const { store } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'ເຂົ້າສູ່ລະບົບ' });
    act(() => {
      store.dispatch(setLanguage('vn'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeInTheDocument();
    expect(localStorage.getItem('i18nextLng')).toBe('vn');
    expect(document.documentElement.lang).toBe('vi');
  });

  // The back office's (Staff tags) are left out: the player site never calls them, and its files name none.
  it("exempts exactly the contract's player-side operations without a session, and player info", () => {
    const contract = parse(readFileSync(join(__dirname, '../../../openapi.yaml'), 'utf8')) as {
      paths: Record<string, Record<string, { operationId: string; tags: string[]; security?: unknown[] }>>;
    };
    const anonymous = Object.values(contract.paths)
      .flatMap((item) => Object.values(item))
      .filter((operation) => Array.isArray(operation.security) && operation.security.length === 0)
      .filter((operation) => !operation.tags.some((tag) => tag.startsWith('Staff')))
      .map((operation) => operation.operationId);
    expect([...SESSION_NOT_REQUIRED].sort()).toEqual([...anonymous, 'getPlayerInfo'].sort());
  });
});
