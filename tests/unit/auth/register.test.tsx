import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { rememberReferral } from '@/lib/referralLink';
import { testFingerprint } from '../testFingerprint';
import { renderApp } from '../renderApp';

async function openRegister(options?: Parameters<typeof renderApp>[1] & { path?: string }) {
  const app = renderApp(options?.path ?? '/register', options);
  await screen.findByRole('heading', { level: 1, name: 'ສະໝັກສະມາຊິກ' });
  return app;
}

const submit = () => screen.getByRole('button', { name: 'ສະໝັກສະມາຊິກ' });
const username = () => screen.getByLabelText('ຊື່ຜູ້ໃຊ້');
const password = () => screen.getByLabelText('ລະຫັດຜ່ານ');
const confirm = () => screen.getByLabelText('ຢືນຢັນລະຫັດຜ່ານ');

describe('register page', () => {
  it('requires every field', async () => {
    const { user } = await openRegister();
    await user.click(submit());
    expect(await screen.findByText('ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້')).toBeInTheDocument();
    expect(screen.getAllByText('ກະລຸນາປ້ອນລະຫັດຜ່ານ')).toHaveLength(2);
  });

  it('checks the username length against the agency limits and its characters', async () => {
    const { user } = await openRegister();
    await user.type(username(), 'abc');
    await user.click(submit());
    expect(await screen.findByText('ຊື່ຜູ້ໃຊ້ຕ້ອງມີ 4 ຫາ 20 ຕົວອັກສອນ')).toBeInTheDocument();
    await user.clear(username());
    await user.type(username(), 'Somchai!');
    expect(await screen.findByText("ໃຊ້ໄດ້ສະເພາະຕົວອັກສອນອັງກິດໂຕນ້ອຍ a-z, ຕົວເລກ, '-' ແລະ '_'")).toBeInTheDocument();
  });

  it('checks the password length and that the confirmation matches', async () => {
    const { user } = await openRegister();
    await user.type(password(), 'short');
    await user.type(confirm(), 'different1');
    await user.click(submit());
    expect(await screen.findByText('ລະຫັດຜ່ານຕ້ອງມີ 8 ຫາ 64 ຕົວອັກສອນ')).toBeInTheDocument();
    expect(screen.getByText('ລະຫັດຜ່ານບໍ່ກົງກັນ')).toBeInTheDocument();
  });

  it('tells whether the username is taken or available while typing', async () => {
    const { user, state } = await openRegister();
    await user.type(username(), 'somchai_88');
    expect(await screen.findByText('ຊື່ຜູ້ໃຊ້ນີ້ມີແລ້ວ, ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້ໃໝ່')).toBeInTheDocument();
    await user.clear(username());
    await user.type(username(), 'new_player');
    expect(await screen.findByText('ຊື່ຜູ້ໃຊ້ນີ້ໃຊ້ໄດ້')).toBeInTheDocument();
    // Debounced: one check per pause in typing, not one per keystroke.
    expect(
      state.requests.filter((r) => r === 'POST /v2/players/username/validate').length,
    ).toBeLessThanOrEqual(3);
  });

  it('refuses to submit a username shown as taken: the field says so and nothing is sent', async () => {
    const { user, state } = await openRegister();
    await user.type(username(), 'somchai_88');
    expect(await screen.findByText('ຊື່ຜູ້ໃຊ້ນີ້ມີແລ້ວ, ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້ໃໝ່')).toBeInTheDocument();
    await user.type(password(), 'long enough password');
    await user.type(confirm(), 'long enough password');
    await user.click(submit());
    await waitFor(() => expect(username()).toHaveAccessibleDescription(expect.stringContaining('ຊື່ຜູ້ໃຊ້ນີ້ມີແລ້ວ')));
    expect(username()).toHaveAttribute('aria-invalid', 'true');
    // Said once, on the field, not again in the hint.
    expect(screen.getAllByText('ຊື່ຜູ້ໃຊ້ນີ້ມີແລ້ວ, ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້ໃໝ່')).toHaveLength(1);
    expect(state.requests).not.toContain('POST /v2/players/register');
    expect(screen.getByRole('heading', { level: 1, name: 'ສະໝັກສະມາຊິກ' })).toBeInTheDocument();
  });

  it('registers with the device fingerprint, signs the player in and lands on deposit', async () => {
    const { user, state, router } = await openRegister();
    await user.type(username(), 'new_player');
    await user.type(password(), 'long enough password');
    await user.type(confirm(), 'long enough password');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/deposit'));
    expect(await screen.findByRole('heading', { level: 1, name: 'ຝາກເງິນ' })).toBeInTheDocument();
    // Signed in: the navbar shows the new player, and no "wait N minutes" page came between.
    expect(await screen.findByRole('button', { name: /new_player/ })).toBeInTheDocument();
    expect(screen.queryByText(/ນາທີ/)).not.toBeInTheDocument();
    // The fake API rejects a body fingerprint that differs from the X-Fingerprint header.
    const account = state.accounts.find((a) => a.username === 'new_player');
    expect(account?.fingerprint).toBe(testFingerprint.fingerprint);
    expect(state.requests.filter((r) => r === 'POST /v2/players/login')).toEqual([]);
  });

  it("opens with the username focused; the keyboard's Next walks the fields and Go on the last registers", async () => {
    const { user, state, router } = await openRegister();
    // Typed without a tap: the form opened in the username field, and Next (Enter) moves on.
    await waitFor(() => expect(username()).toHaveFocus());
    expect(username()).toHaveAttribute('enterkeyhint', 'next');
    await user.keyboard('new_player{Enter}');
    expect(password()).toHaveFocus();
    expect(password()).toHaveAttribute('enterkeyhint', 'next');
    // Next does not send the half-filled form.
    expect(screen.queryByText('ກະລຸນາປ້ອນລະຫັດຜ່ານ')).not.toBeInTheDocument();
    await user.keyboard('long enough password{Enter}');
    expect(confirm()).toHaveFocus();
    await user.keyboard('long enough password{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/deposit'));
    expect(state.accounts.find((a) => a.username === 'new_player')).toBeDefined();
  });

  it("registers with the code of the friend's link the visitor came by", async () => {
    rememberReferral('?ref=K7Q2M9XD');
    const sent: unknown[] = [];
    const { user, router } = await openRegister({
      handlers: [
        // Records the registration and lets the fake API answer it.
        http.post('*/api/v2/players/register', async ({ request }) => {
          sent.push(await request.clone().json());
        }),
      ],
    });
    await user.type(username(), 'new_friend');
    await user.type(password(), 'long enough password');
    await user.type(confirm(), 'long enough password');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/deposit'));
    expect(sent).toEqual([expect.objectContaining({ username: 'new_friend', referralCode: 'K7Q2M9XD' })]);
    localStorage.clear();
  });

  it('goes back to the player page it was sent from, once registered', async () => {
    const { user, router } = await openRegister({ path: '/register?next=%2Fplayer%2Fgame%2Fgclub' });
    await user.type(username(), 'new_player');
    await user.type(password(), 'long enough password');
    await user.type(confirm(), 'long enough password');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/game/gclub'));
  });

  it('one toggle shows and hides both passwords', async () => {
    const { user } = await openRegister();
    expect(password()).toHaveAttribute('type', 'password');
    expect(confirm()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'ສະແດງລະຫັດຜ່ານ', pressed: false }));
    expect(password()).toHaveAttribute('type', 'text');
    expect(confirm()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'ເຊື່ອງລະຫັດຜ່ານ', pressed: true }));
    expect(password()).toHaveAttribute('type', 'password');
    expect(confirm()).toHaveAttribute('type', 'password');
  });

  it('says the username exists when the server finds it taken', async () => {
    const { user } = await openRegister({
      state: { failNext: { registerPlayer: { status: 409, code: 'USERNAME_TAKEN' } } },
    });
    await user.type(username(), 'other_player');
    await user.type(password(), 'long enough password');
    await user.type(confirm(), 'long enough password');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('ຊື່ຜູ້ໃຊ້ນີ້ມີແລ້ວ, ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້ໃໝ່');
  });
});
