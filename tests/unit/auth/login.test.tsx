import { screen, waitFor } from '@testing-library/react';
import { testPassword, testPlayer } from '../msw/fakeState';
import { renderApp } from '../renderApp';

async function openLogin(options?: Parameters<typeof renderApp>[1]) {
  const app = renderApp('/login', options);
  await screen.findByRole('heading', { level: 1, name: 'ເຂົ້າສູ່ລະບົບ' });
  return app;
}

const submit = () => screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' });

describe('login page', () => {
  it('asks for the username and the password', async () => {
    const { user } = await openLogin();
    await user.click(submit());
    expect(await screen.findByText('ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາປ້ອນລະຫັດຜ່ານ')).toBeInTheDocument();
  });

  it('says only that the username or password is incorrect', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('ຊື່ຜູ້ໃຊ້'), 'somchai_88');
    await user.type(screen.getByLabelText('ລະຫັດຜ່ານ'), 'wrong password');
    await user.click(submit());
    expect(await screen.findByText('ຊື່ຜູ້ໃຊ້ ຫຼື ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ')).toBeInTheDocument();
  });

  it('tells the player to wait after too many attempts (429)', async () => {
    const { user } = await openLogin({
      state: { failNext: { loginPlayer: { status: 429, code: 'TOO_MANY_ATTEMPTS' } } },
    });
    await user.type(screen.getByLabelText('ຊື່ຜູ້ໃຊ້'), 'somchai_88');
    await user.type(screen.getByLabelText('ລະຫັດຜ່ານ'), testPassword);
    await user.click(submit());
    expect(await screen.findByText('ພະຍາຍາມຫຼາຍເກີນໄປ, ກະລຸນາລໍຖ້າແລ້ວລອງໃໝ່.')).toBeInTheDocument();
  });

  it('signs the player in and opens the player area', async () => {
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('ຊື່ຜູ້ໃຊ້'), testPlayer.username);
    await user.type(screen.getByLabelText('ລະຫັດຜ່ານ'), testPassword);
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/game/alphabet'));
    // Player info is fetched again (login invalidates it): the navbar now shows the player.
    expect(
      await screen.findByRole('button', { name: new RegExp(testPlayer.displayName) }),
    ).toBeInTheDocument();
  });

  it('opens in the username field, Next moves to the password and Go signs in', async () => {
    const { user, router } = await openLogin();
    await waitFor(() => expect(screen.getByLabelText('ຊື່ຜູ້ໃຊ້')).toHaveFocus());
    await user.keyboard(`${testPlayer.username}{Enter}`);
    expect(screen.getByLabelText('ລະຫັດຜ່ານ')).toHaveFocus();
    expect(screen.queryByText('ກະລຸນາປ້ອນລະຫັດຜ່ານ')).not.toBeInTheDocument();
    await user.keyboard(`${testPassword}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/game/alphabet'));
  });

  it('takes the username as a phone keyboard types it: no capitals, no corrections', async () => {
    const { user, router } = await openLogin();
    const username = screen.getByLabelText('ຊື່ຜູ້ໃຊ້');
    expect(username).toHaveAttribute('autocapitalize', 'none');
    expect(username).toHaveAttribute('autocorrect', 'off');
    expect(username).toHaveAttribute('spellcheck', 'false');
    expect(username).toHaveAttribute('autocomplete', 'username');
    // A keyboard that capitalised the first letter: the form still signs in with the lower-case name.
    await user.type(username, testPlayer.username.charAt(0).toUpperCase() + testPlayer.username.slice(1));
    expect(username).toHaveValue(testPlayer.username);
    await user.type(screen.getByLabelText('ລະຫັດຜ່ານ'), testPassword);
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/game/alphabet'));
  });
});
