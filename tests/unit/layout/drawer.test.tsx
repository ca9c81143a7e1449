import { screen, waitFor, within } from '@testing-library/react';
import { testPlayer } from '../msw/fakeState';
import { renderApp } from '../renderApp';

async function openDrawer(path: string, player = true) {
  const app = renderApp(path, player ? { state: { player: testPlayer } } : {});
  await screen.findByRole('heading', { level: 1 });
  await app.user.click(screen.getByRole('button', { name: 'ເປີດເມນູ' }));
  const menu = await screen.findByRole('navigation', { name: 'ເມນູຫຼັກ' });
  return { ...app, menu };
}

describe('left navigation drawer', () => {
  it('offers login and register to a visitor, and closes when one is chosen', async () => {
    const { user, menu, router } = await openDrawer('/', false);
    expect(within(menu).getByRole('link', { name: 'ສະໝັກສະມາຊິກ' })).toHaveAttribute('href', '/register');
    await user.click(within(menu).getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'ເມນູຫຼັກ' })).toBeNull());
  });

  it('shows the player menu in two groups and marks the entry of ?tab=Slot links active', async () => {
    const { menu } = await openDrawer('/player/game/askmebet?tab=Slot');
    expect(within(menu).getAllByRole('list')[0]).toBeInTheDocument();
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
    const credits = await screen.findByRole('region', { name: 'ເຄຣດິດຂອງທ່ານ' });
    expect(await within(credits).findByText('1.000,50 THB')).toBeInTheDocument();
    expect(within(credits).getByText('153,84 THB')).toBeInTheDocument();
    const calls = () => state.requests.filter((r) => r === 'GET /v2/players/credits').length;
    const before = calls();
    state.credits.gclub = '25.00';
    await user.click(within(credits).getByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' }));
    expect(await within(credits).findByText('25,00 THB')).toBeInTheDocument();
    expect(calls()).toBe(before + 1);
  });

  it('closes when the player clicks in its menu and has a hidden close button', async () => {
    const { user, menu } = await openDrawer('/player/bank');
    expect(screen.getByRole('button', { name: 'ປິດເມນູ' })).toHaveClass('visually-hidden-focusable');
    await user.click(within(menu).getByRole('link', { name: 'ໂປຣໂມຊັນ' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'ເມນູຫຼັກ' })).toBeNull());
  });
});
