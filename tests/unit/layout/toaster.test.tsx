import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { showToast } from '@/lib/toast';
import { testPlayer } from '../msw/fakeState';
import { renderApp } from '../renderApp';

const REGION = 'ການແຈ້ງເຕືອນ (F8)';

async function showOneToast() {
  const app = renderApp('/');
  await screen.findByRole('heading', { level: 1 });
  act(() => {
    app.store.dispatch(showToast({ type: 'error', titleKey: 'errors:CREDIT_NOT_ENOUGH' }));
  });
  const toast = await screen.findByRole('alert');
  return { ...app, toast };
}

/** A finger (or mouse) pressing the toast, moving sideways by `distance` px, and lifting. */
async function swipe(user: UserEvent, toast: HTMLElement, distance: number) {
  await user.pointer([
    { keys: '[MouseLeft>]', target: toast, coords: { clientX: 100, clientY: 20 } },
    { target: toast, coords: { clientX: 100 + distance / 2, clientY: 20 } },
    { target: toast, coords: { clientX: 100 + distance, clientY: 20 } },
    { keys: '[/MouseLeft]', target: toast, coords: { clientX: 100 + distance, clientY: 20 } },
  ]);
}

describe('toast area (docs/player-site.md §§4, 9)', () => {
  it('keeps a toast swiped 50 px or less, and dismisses one swiped further, either way', async () => {
    const { user, toast } = await showOneToast();
    await swipe(user, toast, 40);
    expect(screen.getByRole('alert')).toHaveTextContent('ເຄຣດິດບໍ່ພຽງພໍ');
    await swipe(user, toast, 50);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await swipe(user, toast, -60);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves the keyboard focus to the labelled toast area on F8', async () => {
    const { user } = await showOneToast();
    const region = screen.getByRole('region', { name: REGION });
    expect(within(region).getByRole('alert')).toBeInTheDocument();
    // No dialog is open: the toasts keep their place at the top.
    expect(region).not.toHaveClass('toaster--dialog-open');
    expect(region).not.toHaveFocus();
    await user.keyboard('{F8}');
    expect(region).toHaveFocus();
    // From there the toast's close button is the next stop.
    await user.tab();
    expect(within(region).getByRole('button', { name: 'ປິດການແຈ້ງເຕືອນ' })).toHaveFocus();
  });

  it('moves the change-password failure toast to the bottom while the dialog is open, back to the top after', async () => {
    const { user } = renderApp('/player/game/alphabet', { state: { player: testPlayer } });
    await user.click(await screen.findByRole('button', { name: new RegExp(testPlayer.displayName) }));
    await user.click(screen.getByRole('menuitem', { name: 'ປ່ຽນລະຫັດຜ່ານ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ປ່ຽນລະຫັດຜ່ານ' });
    await user.type(within(dialog).getByLabelText('ລະຫັດຜ່ານປັດຈຸບັນ'), 'not my password');
    await user.type(within(dialog).getByLabelText('ລະຫັດຜ່ານໃໝ່'), 'brand new password');
    await user.type(within(dialog).getByLabelText('ຢືນຢັນລະຫັດຜ່ານໃໝ່'), 'brand new password');
    await user.click(within(dialog).getByRole('button', { name: 'ບັນທຶກ' }));

    const region = screen.getByRole('region', { name: REGION });
    expect(await within(region).findByRole('alert')).toHaveTextContent('ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ');
    expect(region).toHaveClass('toaster--dialog-open');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ປ່ຽນລະຫັດຜ່ານ' })).toBeNull());
    expect(within(region).getByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(region).not.toHaveClass('toaster--dialog-open'));
  });
});
