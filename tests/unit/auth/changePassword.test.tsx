import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { browser } from '@/lib/browser';
import { errorResponse } from '../msw/respond';
import { testPassword, testPlayer } from '../msw/fakeState';
import { renderApp } from '../renderApp';

async function openDialog(options: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp('/player/game/alphabet', {
    ...options,
    state: { player: testPlayer, ...options.state },
  });
  await app.user.click(await screen.findByRole('button', { name: new RegExp(testPlayer.displayName) }));
  await app.user.click(screen.getByRole('menuitem', { name: 'ປ່ຽນລະຫັດຜ່ານ' }));
  const dialog = await screen.findByRole('dialog', { name: 'ປ່ຽນລະຫັດຜ່ານ' });
  return { ...app, dialog };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);

describe('change password dialog', () => {
  it('shows the spec-5 messages', async () => {
    const { user, dialog } = await openDialog();
    await user.type(field(dialog, 'ລະຫັດຜ່ານປັດຈຸບັນ'), 'short');
    await user.type(field(dialog, 'ລະຫັດຜ່ານໃໝ່'), 'brand new password');
    await user.click(within(dialog).getByRole('button', { name: 'ບັນທຶກ' }));
    expect(await within(dialog).findByText('ລະຫັດຜ່ານຕ້ອງມີຢ່າງໜ້ອຍ 8 ຕົວອັກສອນ')).toBeInTheDocument();
    expect(within(dialog).getByText('ກະລຸນາປ້ອນລະຫັດຜ່ານ')).toBeInTheDocument();

    await user.type(field(dialog, 'ຢືນຢັນລະຫັດຜ່ານໃໝ່'), 'another password');
    expect(await within(dialog).findByText('ລະຫັດຜ່ານບໍ່ກົງກັນ')).toBeInTheDocument();
    // The mismatch is reported on the confirmation field.
    expect(field(dialog, 'ຢືນຢັນລະຫັດຜ່ານໃໝ່')).toHaveAccessibleDescription('ລະຫັດຜ່ານບໍ່ກົງກັນ');
  });

  it('flips all three fields between hidden and shown with one toggle', async () => {
    const { user, dialog } = await openDialog();
    const fields = ['ລະຫັດຜ່ານປັດຈຸບັນ', 'ລະຫັດຜ່ານໃໝ່', 'ຢືນຢັນລະຫັດຜ່ານໃໝ່'].map((label) => field(dialog, label));
    fields.forEach((input) => expect(input).toHaveAttribute('type', 'password'));
    const toggle = within(dialog).getByRole('button', { name: 'ສະແດງລະຫັດຜ່ານ' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    fields.forEach((input) => expect(input).toHaveAttribute('type', 'text'));
    // The label says what the next press does.
    expect(toggle).toHaveAccessibleName('ເຊື່ອງລະຫັດຜ່ານ');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'ເຊື່ອງລະຫັດຜ່ານ' }));
    fields.forEach((input) => expect(input).toHaveAttribute('type', 'password'));
    expect(toggle).toHaveAccessibleName('ສະແດງລະຫັດຜ່ານ');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('on success shows a dialog whose OK reloads the page', async () => {
    const reload = jest.spyOn(browser, 'reload');
    const { user, dialog, state } = await openDialog();
    await user.type(field(dialog, 'ລະຫັດຜ່ານປັດຈຸບັນ'), testPassword);
    await user.type(field(dialog, 'ລະຫັດຜ່ານໃໝ່'), 'brand new password');
    await user.type(field(dialog, 'ຢືນຢັນລະຫັດຜ່ານໃໝ່'), 'brand new password');
    await user.click(within(dialog).getByRole('button', { name: 'ບັນທຶກ' }));
    const success = await screen.findByRole('dialog', { name: 'ປ່ຽນລະຫັດຜ່ານສຳເລັດ' });
    await user.click(within(success).getByRole('button', { name: 'ຕົກລົງ' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(state.accounts[0]?.password).toBe('brand new password');
  });

  it('on failure shows an error toast with the password-incorrect text', async () => {
    const { user, dialog } = await openDialog();
    await user.type(field(dialog, 'ລະຫັດຜ່ານປັດຈຸບັນ'), 'not my password');
    await user.type(field(dialog, 'ລະຫັດຜ່ານໃໝ່'), 'brand new password');
    await user.type(field(dialog, 'ຢືນຢັນລະຫັດຜ່ານໃໝ່'), 'brand new password');
    await user.click(within(dialog).getByRole('button', { name: 'ບັນທຶກ' }));
    expect(await screen.findByText('ເກີດຂໍ້ຜິດພາດ')).toBeInTheDocument();
    expect(screen.getByText('ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ')).toBeInTheDocument();
  });

  it('does not submit before agency info is loaded', async () => {
    // Agency info keeps failing (but not with "not found"): the layout renders, the agency stays unknown.
    const { dialog, state } = await openDialog({
      handlers: [http.get('*/api/v2/agency/info', () => errorResponse('VALIDATION_ERROR'))],
    });
    expect(within(dialog).getByRole('button', { name: 'ບັນທຶກ' })).toBeDisabled();
    expect(state.requests).not.toContain('POST /v2/players/security/password/change');
  });
});
