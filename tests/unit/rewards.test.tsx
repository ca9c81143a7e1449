import { screen, within } from '@testing-library/react';
import type { CashbackOverview, CashbackPayment } from '@/api';
import { createFakeState, testPlayer } from './msw/fakeState';
import { renderApp } from './renderApp';

const base = createFakeState().cashback;

function payment(over: Partial<CashbackPayment>): CashbackPayment {
  return {
    id: '3f0a8c1e-5b2d-4c6e-9a7f-1d2e3f4a5b6c',
    period: 'WEEK',
    periodStart: '2026-11-15T17:00:00.000Z',
    periodEnd: '2026-11-22T17:00:00.000Z',
    net: -300000,
    provider: 'gclub',
    amount: 15000,
    status: 'PAID',
    paidAt: '2026-11-22T17:01:00.000Z',
    claimUntil: '0001-01-01T00:00:00Z',
    turnoverRequired: 15000,
    turnoverDone: 4000,
    ...over,
  };
}

function cashback(over: Partial<CashbackOverview>): CashbackOverview {
  return { ...base, ...over };
}

describe('/player/rewards', () => {
  it('shows the terms, this week so far with the cashback it would pay, and a paid week with its turnover', async () => {
    renderApp('/player/rewards', {
      state: {
        player: testPlayer,
        cashback: cashback({
          current: { ...base.current, net: -120000, cashback: 6000, reason: 'PAYS' },
          payments: [payment({})],
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ລາງວັນ' })).toBeInTheDocument();
    expect(await screen.findByText(/ຄືນ 5 % ຂອງຍອດເສຍສຸດທິທຸກອາທິດ/)).toHaveTextContent(
      'ເລີ່ມແຕ່ເສຍ 100,00 THB, ສູງສຸດ 5.000,00 THB',
    );
    expect(screen.getByText('ທ່ານຈະໄດ້ຮັບ 60,00 THB.')).toBeInTheDocument();
    expect(screen.getByText('-1.200,00 THB')).toHaveClass('ant-typography-danger');
    const paid = screen.getByText('ໂອນແລ້ວ').closest('.ant-card') as HTMLElement;
    expect(paid).toHaveTextContent('150,00 THB');
    expect(paid).toHaveTextContent('GClub');
    expect(within(paid).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '26');
  });

  it('tells a player who is ahead, or in a time-out, why there is no cashback', async () => {
    const { unmount } = renderApp('/player/rewards', { state: { player: testPlayer } });
    expect(await screen.findByText('ຮອບນີ້ທ່ານໄດ້ກຳໄລ: ບໍ່ມີເງິນຄືນ.')).toBeInTheDocument();
    expect(screen.getByText('ຍັງບໍ່ມີເງິນຄືນ.')).toBeInTheDocument();
    unmount();
    renderApp('/player/rewards', {
      state: {
        player: testPlayer,
        cashback: cashback({ current: { ...base.current, net: -50000, reason: 'PAUSED' } }),
      },
    });
    expect(await screen.findByText('ລາງວັນຢຸດໄວ້ໃນລະຫວ່າງການພັກ ຫຼື ການຫ້າມຕົນເອງ.')).toBeInTheDocument();
  });

  it('claims a cashback waiting for the player: it lands on the provider with a toast, once', async () => {
    const waiting = payment({
      status: 'CLAIMABLE',
      paidAt: '0001-01-01T00:00:00Z',
      claimUntil: '2026-11-29T17:01:00.000Z',
      turnoverRequired: 0,
      turnoverDone: 0,
    });
    const { user, state } = renderApp('/player/rewards', {
      state: {
        player: testPlayer,
        cashback: cashback({ terms: { ...base.terms, payment: 'CLAIM' }, payments: [waiting] }),
      },
    });
    expect(await screen.findByText(/ກົດຮັບໄດ້ພາຍໃນ 7 ມື້/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'ຮັບ 150,00 THB' }));
    expect(await screen.findByText('ເພີ່ມ 150,00 THB ເຂົ້າ GClub ແລ້ວ')).toBeInTheDocument();
    expect(await screen.findByText('ໂອນແລ້ວ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ຮັບ 150,00 THB' })).not.toBeInTheDocument();
    expect(state.credits.gclub).toBe('170.00');
    expect(state.requests.filter((r) => r.endsWith('/claim'))).toHaveLength(1);
  });

  it("shows a refused claim in the player's language", async () => {
    const waiting = payment({ status: 'CLAIMABLE', turnoverRequired: 0 });
    const { user } = renderApp('/player/rewards', {
      state: {
        player: testPlayer,
        cashback: cashback({ payments: [waiting] }),
        failNext: { claimCashback: { code: 'REWARD_NOT_CLAIMABLE' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'ຮັບ 150,00 THB' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ເງິນຄືນນີ້ຮັບແລ້ວ, ໝົດເວລາຮັບ ຫຼື ຖືກລະງັບໄວ້');
  });

  it('is one tap from the drawer', async () => {
    const { user } = renderApp('/player/deposit', { state: { player: testPlayer }, width: 390 });
    await user.click(await screen.findByRole('button', { name: /ເມນູ|menu/i }));
    const link = await screen.findByRole('link', { name: 'ລາງວັນ' });
    expect(link).toHaveAttribute('href', '/player/rewards');
  });

  it('checks today in once its targets are met: the calendar marks the day and a toast says where it went', async () => {
    const ready = createFakeState().checkIn;
    ready.today = {
      ...ready.today,
      deposited: 100000,
      staked: 12000,
      streak: 3,
      reward: 500,
      reason: 'CLAIMABLE',
    };
    const { user, state } = renderApp('/player/rewards', { state: { player: testPlayer, checkIn: ready } });
    expect(await screen.findByText(/ຝາກຢ່າງໜ້ອຍ 100.000 LAK ແລະ ຫຼິ້ນ 100,00 THB/)).toBeInTheDocument();
    expect(screen.getByText('120,00 THB ຈາກ 100,00 THB')).toBeInTheDocument();
    const month = screen.getByRole('list', { name: 'ເດືອນນີ້' });
    expect(within(month).getAllByRole('listitem')).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: 'ເຊັກອິນ: +5,00 THB' }));
    expect(await screen.findByText('ເຊັກອິນແລ້ວ: +5,00 THB ເຂົ້າ Alphabet')).toBeInTheDocument();
    expect(await screen.findByText('ມື້ນີ້ເຊັກອິນແລ້ວ. ພົບກັນມື້ອື່ນ.')).toBeInTheDocument();
    expect(within(month).getByLabelText('ວັນທີ 23: ເຊັກອິນແລ້ວ, 5,00 THB')).toHaveAttribute(
      'aria-current',
      'date',
    );
    expect(screen.queryByRole('button', { name: /ເຊັກອິນ:/ })).not.toBeInTheDocument();
    expect(state.credits.alphabet).toBe('158.84');
  });

  it('says what a check-in is waiting for, and offers no button before then', async () => {
    renderApp('/player/rewards', { state: { player: testPlayer } });
    expect(await screen.findByText('ຝາກ ແລະ ຫຼິ້ນໃຫ້ຄົບເປົ້າໝາຍຂອງມື້ນີ້ ເພື່ອເຊັກອິນ.')).toBeInTheDocument();
    expect(screen.getByText('0 LAK ຈາກ 100.000 LAK')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ເຊັກອິນ:/ })).not.toBeInTheDocument();
  });

  it('refer a friend: the link to share, the friends and commission counted, and the claim to a chosen provider', async () => {
    const referral = {
      ...createFakeState().referral,
      friends: 4,
      friendsPlayed: 2,
      thisMonth: 12500,
      today: 800,
      claimable: 11700,
      reason: 'CLAIMABLE' as const,
    };
    const { user, state } = renderApp('/player/rewards', { state: { player: testPlayer, referral } });
    const link = await screen.findByRole('textbox', { name: 'ລິ້ງຂອງທ່ານ' });
    expect(link).toHaveValue(`${window.location.origin}/register?ref=K7Q2M9XD`);
    expect(screen.getByRole('img', { name: 'QR ຂອງລິ້ງຂອງທ່ານ' })).toBeInTheDocument();
    // user-event stands in for the system clipboard.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'ສຳເນົາລິ້ງ' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?ref=K7Q2M9XD`);
    expect(await screen.findByText('ສຳເນົາລິ້ງແລ້ວ')).toBeInTheDocument();
    const panel = screen.getByText('ຊວນໝູ່').closest('.ant-card') as HTMLElement;
    expect(panel).toHaveTextContent(/ໝູ່ທີ່ສະໝັກ\s*4/);
    expect(panel).toHaveTextContent('125,00 THB');
    await user.selectOptions(screen.getByLabelText('ໂອນເຂົ້າຄ່າຍ'), 'gclub');
    await user.click(screen.getByRole('button', { name: 'ຮັບ 117,00 THB' }));
    expect(await screen.findByText('ເພີ່ມຄ່າຄອມ 117,00 THB ເຂົ້າ GClub ແລ້ວ')).toBeInTheDocument();
    expect(state.credits.gclub).toBe('137.00');
    expect(await screen.findByText('ຍັງບໍ່ມີຄ່າຄອມໃຫ້ຮັບ: ຄ່າຄອມຂອງມື້ໜຶ່ງຮັບໄດ້ຫຼັງມື້ນັ້ນສິ້ນສຸດ.')).toBeInTheDocument();
  });

  it("is a row on the player's home, and an offer on the visitor's", async () => {
    const { unmount } = renderApp('/player/game/alphabet', { state: { player: testPlayer } });
    const row = await screen.findByRole('link', { name: /ລາງວັນ.*ເງິນຄືນຍອດເສຍ · ເຊັກອິນປະຈຳວັນ · ຊວນໝູ່/ });
    expect(row).toHaveAttribute('href', '/player/rewards');
    unmount();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 3, name: 'ລາງວັນ' })).toBeInTheDocument();
  });
});
