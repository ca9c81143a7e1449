import { screen, waitFor, within } from '@testing-library/react';
import { testPlayer } from '../msw/fakeState';
import { renderApp } from '../renderApp';

const PHONE = 390;

/** The open drawer's dialog (the panel that holds its header and content). */
const drawer = () =>
  screen.getByRole('navigation', { name: 'ເມນູຫຼັກ' }).closest('.ant-drawer-section') as HTMLElement;

async function openDrawer(path: string, player = true, width?: number) {
  const app = renderApp(path, { ...(player ? { state: { player: testPlayer } } : {}), width });
  await screen.findByRole('heading', { level: 1 });
  await app.user.click(screen.getByRole('button', { name: 'ເປີດເມນູ' }));
  const menu = await screen.findByRole('navigation', { name: 'ເມນູຫຼັກ' });
  return { ...app, menu };
}

/**
 * The drawer's credit list once its own read is in. The credit is never cached: the open drawer reads it
 * again, and its refresh button spins, taking no tap, until it has.
 */
async function creditListRead() {
  const credits = await screen.findByRole('region', { name: 'ເຄຣດິດຂອງທ່ານ' });
  const refresh = await within(credits).findByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' });
  await within(credits).findByText('153,84 THB');
  await waitFor(() => expect(refresh).not.toHaveClass('ant-btn-loading'));
  return { credits, refresh };
}

describe('left navigation drawer', () => {
  it('offers login and register to a visitor, and closes when one is chosen', async () => {
    const { user, menu, router } = await openDrawer('/', false);
    // The menu's entries follow the session check, which may still be on its way when the drawer opens.
    expect(await within(menu).findByRole('link', { name: 'ສະໝັກສະມາຊິກ' })).toHaveAttribute(
      'href',
      '/register',
    );
    await user.click(within(menu).getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'ເມນູຫຼັກ' })).toBeNull());
  });

  it('shows the player menu in two groups and marks the entry of ?tab=Slot links active', async () => {
    const { menu } = await openDrawer('/player/game/askmebet?tab=Slot');
    // The groups are the menu's own lists; the history entry's children are a list inside the second.
    const groups = within(menu)
      .getAllByRole('list')
      .filter((list) => !list.parentElement?.closest('ul'));
    const links = (list: HTMLElement) =>
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(groups.map(links)).toEqual([
      [
        '/player/game/alphabet',
        '/player/game/askmebet?tab=Slot',
        '/player/game/gclub',
        '/player/game/gclub_live',
        '/player/deposit',
        '/player/withdraw',
        '/player/promotion',
        '/player/rewards',
        '/player/bank',
      ],
      [
        '/player/deposit/history',
        '/player/withdraw/history',
        '/player/promotion/history',
        '/player/responsible-gaming',
      ],
    ]);
    // The one divider stands between the two groups.
    expect(groups[1]!.previousElementSibling).toHaveClass('ant-divider');
    const askmebet = within(menu).getByRole('link', { name: 'AskMeBet' });
    expect(askmebet).toHaveAttribute('href', '/player/game/askmebet?tab=Slot');
    expect(askmebet).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Alphabet' })).not.toHaveAttribute('aria-current');
    expect(document.querySelectorAll('.ant-divider')).toHaveLength(1);
  });

  it('marks a parent entry active on any child link', async () => {
    const { menu } = await openDrawer('/player/withdraw/history');
    expect(within(menu).getByText('ປະຫວັດ').closest('.drawer-menu__group')).toHaveClass(
      'drawer-menu__group--active',
    );
    expect(within(menu).getByRole('link', { name: 'ຖອນເງິນ' })).not.toHaveAttribute('aria-current');
  });

  it('shows each provider credit and refreshes all four in one call', async () => {
    const { user, state } = await openDrawer('/player/bank');
    const { credits, refresh } = await creditListRead();
    expect(within(credits).getByText('1.000,50 THB')).toBeInTheDocument();
    expect(within(credits).getByText('153,84 THB')).toBeInTheDocument();
    const calls = () => state.requests.filter((r) => r === 'GET /v2/players/credits').length;
    const before = calls();
    state.credits.gclub = '25.00';
    await user.click(refresh);
    expect(await within(credits).findByText('25,00 THB')).toBeInTheDocument();
    expect(calls()).toBe(before + 1);
  });

  it('closes when the player chooses a menu entry', async () => {
    const { user, menu, router } = await openDrawer('/player/bank');
    await user.click(within(menu).getByRole('link', { name: 'ໂປຣໂມຊັນ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/promotion'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'ເມນູຫຼັກ' })).toBeNull());
  });

  it.each([
    ['its header', () => within(drawer()).getByRole('img', { name: 'Lao Star' })],
    ['the credit card', () => screen.getByRole('heading', { level: 2, name: 'ເຄຣດິດຂອງທ່ານ' })],
    ['a group title of the menu', () => within(drawer()).getByText('ປະຫວັດ')],
    ['empty space', () => drawer().querySelector('.ant-drawer-body') as HTMLElement],
  ])('closes on a phone when the player taps %s', async (_place, target) => {
    const { user } = await openDrawer('/player/bank', true, PHONE);
    await screen.findByRole('region', { name: 'ເຄຣດິດຂອງທ່ານ' });
    await user.click(target());
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'ເມນູຫຼັກ' })).toBeNull());
  });

  it('stays open when the player refreshes the credit', async () => {
    const { user, state } = await openDrawer('/player/bank', true, PHONE);
    const { credits, refresh } = await creditListRead();
    state.credits.gclub = '25.00';
    await user.click(refresh);
    expect(await within(credits).findByText('25,00 THB')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'ເມນູຫຼັກ' })).toBeInTheDocument();
  });

  it('has a visible close button in its header on a phone, and closes on Escape', async () => {
    const { user } = await openDrawer('/', false, PHONE);
    const close = within(drawer()).getByRole('button', { name: 'ປິດເມນູ' });
    expect(close).not.toHaveClass('visually-hidden-focusable');
    expect(close.closest('.ant-drawer-header')).not.toBeNull();
    await user.click(close);
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'ເມນູຫຼັກ' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'ເປີດເມນູ' }));
    await screen.findByRole('navigation', { name: 'ເມນູຫຼັກ' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'ເມນູຫຼັກ' })).toBeNull());
  });
});
