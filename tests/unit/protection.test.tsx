import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { PlayerLimit } from '@/api';
import { browser } from '@/lib/browser';
import { testPlayer } from './msw/fakeState';
import { findStatusSaying } from './findStatus';
import { renderApp } from './renderApp';

const PAGE = '/player/responsible-gaming';
const DAY_MS = 24 * 3_600_000;

function limit(over: Partial<PlayerLimit>): PlayerLimit {
  return {
    kind: 'DEPOSIT',
    period: 'DAY',
    amount: 500_000,
    used: 200_000,
    effectiveFrom: '2026-11-20T07:00:00.000Z',
    pending: null,
    ...over,
  };
}

const protection = (over: object = {}) => ({
  limits: [],
  exclusion: null,
  realityCheckMinutes: null,
  playedTodaySeconds: 0,
  playDayEndsAt: '2026-11-22T17:00:00.000Z',
  ...over,
});

describe('responsible gaming', () => {
  it('is one tap from the drawer', async () => {
    const { user, router } = renderApp('/player/deposit', { state: { player: testPlayer }, width: 375 });
    await user.click(await screen.findByRole('button', { name: 'ເປີດເມນູ' }));
    await user.click(await screen.findByRole('link', { name: /ການຫຼິ້ນຢ່າງຮັບຜິດຊອບ/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(await screen.findByRole('heading', { level: 1, name: 'ການຫຼິ້ນຢ່າງຮັບຜິດຊອບ' })).toBeInTheDocument();
  });

  it('sets a deposit limit that applies at once and lists it with what is used', async () => {
    const { user, state } = renderApp(PAGE, { state: { player: testPlayer } });
    expect(await screen.findByText('ທ່ານຍັງບໍ່ໄດ້ຕັ້ງຂີດຈຳກັດໃດໆ.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('ອາທິດ'));
    await user.click(screen.getByLabelText('ຈຳນວນເງິນ'));
    await user.paste('300.000');
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກຂີດຈຳກັດ' }));

    expect(await screen.findByText('ຂີດຈຳກັດໃໝ່ມີຜົນແລ້ວ')).toBeInTheDocument();
    expect(state.protection.limits).toEqual([
      expect.objectContaining({ kind: 'DEPOSIT', period: 'WEEK', amount: 300_000 }),
    ]);
    const row = await screen.findByRole('listitem', { name: 'ຂີດຈຳກັດການຝາກ · ອາທິດ' });
    expect(within(row).getByText('300.000 LAK')).toBeInTheDocument();
  });

  it('refuses a malformed amount before asking the server', async () => {
    const { user, state } = renderApp(PAGE, { state: { player: testPlayer } });
    await user.click(await screen.findByLabelText('ເວລາຫຼິ້ນຕໍ່ມື້'));
    await user.click(screen.getByLabelText('ນາທີຕໍ່ມື້'));
    await user.paste('5');
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກຂີດຈຳກັດ' }));
    expect(await screen.findByText(/ເວລາ 15 ຫາ 1.440 ນາທີ/)).toBeInTheDocument();
    expect(state.requests).not.toContain('PUT /v2/players/protection/limits');
  });

  it('a raise waits 24 h: it says from when it can be confirmed and the confirm button waits too', async () => {
    const { user } = renderApp(PAGE, {
      state: { player: testPlayer, protection: protection({ limits: [limit({})] }) },
    });
    await user.click(await screen.findByLabelText('ຈຳນວນເງິນ'));
    await user.paste('900000');
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກຂີດຈຳກັດ' }));
    expect(await screen.findByText(/ໄດ້ຮັບຄຳຂໍແລ້ວ: ທ່ານຢືນຢັນໄດ້ແຕ່/)).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'ຂີດຈຳກັດການຝາກ · ມື້' });
    expect(await within(row).findByText(/ການປ່ຽນເປັນ 900.000 LAK ກຳລັງລໍຖ້າ/)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'ຢືນຢັນການປ່ຽນແປງ' })).toBeDisabled();
  });

  it('confirms a change once its wait is over, and shows a refusal translated', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const pending = {
      amount: 900_000,
      requestedAt: past,
      confirmableFrom: past,
      confirmableUntil: new Date(Date.now() + DAY_MS).toISOString(),
    };
    const { user, state } = renderApp(PAGE, {
      state: { player: testPlayer, protection: protection({ limits: [limit({ pending })] }) },
    });
    const row = await screen.findByRole('listitem', { name: 'ຂີດຈຳກັດການຝາກ · ມື້' });
    state.failNext.confirmLimit = { status: 409, code: 'LIMIT_CHANGE_LAPSED' };
    await user.click(within(row).getByRole('button', { name: 'ຢືນຢັນການປ່ຽນແປງ' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('ໝົດອາຍຸແລ້ວ');

    await user.click(within(row).getByRole('button', { name: 'ຢືນຢັນການປ່ຽນແປງ' }));
    await waitFor(() => expect(within(row).getByText('900.000 LAK')).toBeInTheDocument());
    expect(within(row).queryByRole('button', { name: 'ຢືນຢັນການປ່ຽນແປງ' })).not.toBeInTheDocument();
  });

  it('a time-out is confirmed first, then the banner says until when and leads to withdrawing', async () => {
    const { user, state } = renderApp(PAGE, { state: { player: testPlayer } });
    await user.click(await screen.findByLabelText('7 ວັນ'));
    await user.click(screen.getByRole('button', { name: 'ເລີ່ມພັກການຫຼິ້ນ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ເລີ່ມພັກການຫຼິ້ນບໍ?' });
    expect(dialog).toHaveTextContent('ບໍ່ສາມາດຍົກເລີກກ່ອນກຳນົດ');
    expect(state.requests).not.toContain('POST /v2/players/protection/time-out');
    await user.click(within(dialog).getByRole('button', { name: 'ເລີ່ມພັກ' }));

    const banner = await screen.findByText(/ທ່ານກຳລັງພັກການຫຼິ້ນຮອດ .*: ທ່ານຖອນເງິນ ແລະ ເບິ່ງປະຫວັດໄດ້ເທົ່ານັ້ນ/);
    expect(banner).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('link', { name: 'ຖອນເງິນ' })
        .some((a) => a.getAttribute('href') === '/player/withdraw'),
    ).toBe(true);
  });

  it('self-exclusion needs the player to say they understand, then the site starts again at login', async () => {
    const goTo = jest.spyOn(browser, 'goTo').mockImplementation(() => undefined);
    const { user, state } = renderApp(PAGE, { state: { player: testPlayer } });
    await user.click(await screen.findByLabelText('1 ປີ'));
    await user.click(screen.getByRole('button', { name: 'ລະງັບບັນຊີຂອງຂ້ອຍ' }));
    expect(await screen.findByText('ກະລຸນາຢືນຢັນວ່າທ່ານເຂົ້າໃຈ')).toBeInTheDocument();

    await user.click(screen.getByLabelText('ຂ້ອຍເຂົ້າໃຈວ່າບໍ່ສາມາດຍົກເລີກ ຫຼື ຫຼຸດໄລຍະເວລານີ້ໄດ້'));
    await user.click(screen.getByRole('button', { name: 'ລະງັບບັນຊີຂອງຂ້ອຍ' }));
    const confirm = await screen.findByRole('dialog', { name: 'ລະງັບບັນຊີບໍ?' });
    expect(state.requests).not.toContain('POST /v2/players/protection/self-exclusion');
    await user.click(within(confirm).getByRole('button', { name: 'ລະງັບບັນຊີ' }));

    await waitFor(() => expect(goTo).toHaveBeenCalled());
    const until = state.restriction!.endsAt;
    expect(goTo).toHaveBeenCalledWith(`/login?reason=self-excluded&until=${encodeURIComponent(until)}`);
    goTo.mockRestore();
  });

  it('the login page then says until when, with the support links', async () => {
    renderApp('/login?reason=self-excluded&until=2027-05-01T00%3A00%3A00.000Z');
    const notice = await findStatusSaying('ບັນຊີຂອງທ່ານຖືກລະງັບແລ້ວ');
    expect(notice).toHaveTextContent(/ຮອດ 01\/05\/2027/);
    expect(await within(notice).findByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/8562055555555',
    );
  });

  it('stores the reminder interval', async () => {
    const { user, state } = renderApp(PAGE, { state: { player: testPlayer } });
    await user.click(await screen.findByLabelText('30 ນາທີ'));
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກ' }));
    expect(await screen.findByText('ບັນທຶກການແຈ້ງເຕືອນແລ້ວ')).toBeInTheDocument();
    expect(state.protection.realityCheckMinutes).toBe(30);
  });
});

/** Moves the (fake) clock on, running every timer that falls due meanwhile. */
const passTime = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

describe('on every player page', () => {
  // The reminders are timers: the clock is moved on rather than waited for.
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it('a reality check comes on the interval from login, with time played and the session result', async () => {
    // Logged in 14 minutes ago: the 15-minute reminder comes in a minute, not before.
    const loginAt = new Date(Date.now() - 14 * 60_000).toISOString();
    const { user, router } = renderApp('/player/deposit', {
      state: { player: testPlayer, loginAt, protection: protection({ realityCheckMinutes: 15 }) },
    });
    await screen.findByRole('heading', { level: 1 });
    await passTime(59_000);
    expect(screen.queryByRole('dialog', { name: 'ທ່ານຫຼິ້ນມາໄດ້ໄລຍະໜຶ່ງແລ້ວ' })).not.toBeInTheDocument();
    await passTime(1_000);
    const dialog = await screen.findByRole('dialog', { name: 'ທ່ານຫຼິ້ນມາໄດ້ໄລຍະໜຶ່ງແລ້ວ' });
    expect(await within(dialog).findByText('1 ຊົ່ວໂມງ 5 ນາທີ')).toBeInTheDocument();
    expect(within(dialog).getByText('-35,00 THB')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'ເບິ່ງປະຫວັດ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/activity'));
    expect(screen.queryByRole('dialog', { name: 'ທ່ານຫຼິ້ນມາໄດ້ໄລຍະໜຶ່ງແລ້ວ' })).not.toBeInTheDocument();
  });

  it('a reality check due while a game is open shows over the game view', async () => {
    // Due a minute after the game view opens.
    const loginAt = new Date(Date.now() - 14 * 60_000).toISOString();
    renderApp('/player/game/askmebet/play/amb-slot-001', {
      state: { player: testPlayer, loginAt, protection: protection({ realityCheckMinutes: 15 }) },
    });
    await screen.findByRole('dialog', { name: 'Golden Naga' });
    await passTime(60_000);
    const dialog = await screen.findByRole('dialog', { name: 'ທ່ານຫຼິ້ນມາໄດ້ໄລຍະໜຶ່ງແລ້ວ' });
    // The game view covers the screen at z-index 1100 (GameViewPage.module.css); the dialog sits above it.
    const layer = dialog.closest('.ant-modal-wrap') as HTMLElement;
    expect(Number(getComputedStyle(layer).zIndex)).toBeGreaterThan(1100);
  });

  it('the reality check can log the player out', async () => {
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const loginAt = new Date(Date.now() - 29 * 60_000).toISOString();
    const { user, state } = renderApp('/player/withdraw', {
      state: { player: testPlayer, loginAt, protection: protection({ realityCheckMinutes: 30 }) },
    });
    await screen.findByRole('heading', { level: 1 });
    await passTime(60_000);
    const dialog = await screen.findByRole('dialog', { name: 'ທ່ານຫຼິ້ນມາໄດ້ໄລຍະໜຶ່ງແລ້ວ' });
    await user.click(within(dialog).getByRole('button', { name: 'ອອກຈາກລະບົບ' }));
    await waitFor(() => expect(state.requests).toContain('POST /v2/players/logout'));
    // The session's end takes the page down: it is over once the page reloads, inside the test.
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it('the daily play time running out ends the session with a message', async () => {
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { user, state } = renderApp('/player/game/alphabet', {
      state: {
        player: testPlayer,
        protection: protection({
          limits: [limit({ kind: 'PLAY_TIME', amount: 30, used: 29 })],
          playedTodaySeconds: 29 * 60,
        }),
      },
    });
    await screen.findByRole('heading', { level: 1 });
    await passTime(59_000);
    expect(screen.queryByRole('dialog', { name: 'ຄົບເວລາຫຼິ້ນຂອງມື້ນີ້ແລ້ວ' })).not.toBeInTheDocument();
    await passTime(1_000);
    const dialog = await screen.findByRole('dialog', { name: 'ຄົບເວລາຫຼິ້ນຂອງມື້ນີ້ແລ້ວ' });
    await user.click(within(dialog).getByRole('button', { name: 'ອອກຈາກລະບົບ' }));
    await waitFor(() => expect(state.requests).toContain('POST /v2/players/logout'));
    // The session's end takes the page down: it is over once the page reloads, inside the test.
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it('a limit reached before this session is said, without ending it again', async () => {
    renderApp('/player/withdraw', {
      state: {
        player: testPlayer,
        protection: protection({
          limits: [limit({ kind: 'PLAY_TIME', amount: 30, used: 31 })],
          playedTodaySeconds: 31 * 60,
        }),
      },
    });
    expect(await screen.findByText(/ທ່ານຫຼິ້ນຄົບເວລາຂອງມື້ນີ້ແລ້ວ: ເປີດເກມໄດ້ອີກຕັ້ງແຕ່/)).toBeInTheDocument();
    await passTime(60_000);
    expect(screen.queryByRole('dialog', { name: 'ຄົບເວລາຫຼິ້ນຂອງມື້ນີ້ແລ້ວ' })).not.toBeInTheDocument();
  });

  const OFFER = 'ຕັ້ງຂີດຈຳກັດການຝາກບໍ?';

  it('on the first visit to deposit a deposit limit is offered in a card that blocks nothing; skipping is one tap', async () => {
    const { user } = renderApp('/player/deposit', { state: { player: testPlayer, firstLogin: true } });
    const offer = await screen.findByRole('region', { name: OFFER });
    // Not a dialog: the deposit form beside it takes taps.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'GClub' }));
    expect(screen.getByRole('radio', { name: 'GClub' })).toBeChecked();
    await user.click(within(offer).getByRole('button', { name: 'ຂ້າມໄປກ່ອນ' }));
    expect(screen.queryByRole('region', { name: OFFER })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'GClub' })).toBeChecked();
  });

  it('is made on deposit only, and once: leaving deposit ends it', async () => {
    const { router } = renderApp('/player/game/alphabet', {
      state: { player: testPlayer, firstLogin: true },
    });
    expect(await screen.findByRole('heading', { name: 'Alphabet' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('region', { name: OFFER })).not.toBeInTheDocument();
    await act(() => router.navigate('/player/deposit'));
    expect(await screen.findByRole('region', { name: OFFER })).toBeInTheDocument();
    await act(() => router.navigate('/player/withdraw'));
    await act(() => router.navigate('/player/deposit'));
    expect(await screen.findByRole('heading', { level: 1, name: 'ຝາກເງິນ' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('region', { name: OFFER })).not.toBeInTheDocument();
  });

  it('is not offered after the first session, nor to a player who has a limit', async () => {
    renderApp('/player/deposit', { state: { player: testPlayer, firstLogin: false } });
    expect(await screen.findByRole('heading', { level: 1, name: 'ຝາກເງິນ' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('region', { name: OFFER })).not.toBeInTheDocument();
    cleanup();
    renderApp('/player/deposit', {
      state: {
        player: testPlayer,
        firstLogin: true,
        protection: protection({ limits: [limit({ kind: 'DEPOSIT' })] }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ຝາກເງິນ' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('region', { name: OFFER })).not.toBeInTheDocument();
  });

  it('the offered limit is saved from the card', async () => {
    const { user, state } = renderApp('/player/deposit', { state: { player: testPlayer, firstLogin: true } });
    const offer = await screen.findByRole('region', { name: OFFER });
    await user.click(within(offer).getByRole('button', { name: 'ຕັ້ງຂີດຈຳກັດ' }));
    await user.click(within(offer).getByLabelText('ຈຳນວນເງິນ'));
    await user.paste('1000000');
    await user.click(within(offer).getByRole('button', { name: 'ຕັ້ງຂີດຈຳກັດ' }));
    expect(await within(offer).findByText('ຂີດຈຳກັດໃໝ່ມີຜົນແລ້ວ')).toBeInTheDocument();
    expect(state.protection.limits).toEqual([
      expect.objectContaining({ kind: 'DEPOSIT', period: 'DAY', amount: 1_000_000 }),
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: OFFER })).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it('a self-excluded player who logs in lands on withdrawal, told why, with the support links', async () => {
    const restriction = {
      kind: 'SELF_EXCLUSION' as const,
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2027-05-01T00:00:00.000Z',
    };
    const { user, router } = renderApp('/login', { state: { restriction } });
    await user.click(await screen.findByLabelText('ຊື່ຜູ້ໃຊ້'));
    await user.paste(testPlayer.username);
    await user.click(screen.getByLabelText('ລະຫັດຜ່ານ'));
    await user.paste('correct horse battery');
    await user.click(screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/withdraw'));
    expect(await screen.findByText(/ບັນຊີຂອງທ່ານຖືກລະງັບດ້ວຍຕົນເອງຮອດ 01\/05\/2027/)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'ຕິດຕໍ່ຝ່າຍບໍລິການ' })).toBeInTheDocument();
  });
});
