import type { ErrorCode } from '@/api';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { testPlayer } from './msw/fakeState';
import { testBankAccount, testBanks, testCurrencies, testPromotions } from './msw/moneyHandlers';
import { formatDate } from '@/lib/format';
import { renderApp } from './renderApp';

const withdrawer = {
  player: testPlayer,
  banks: testBanks,
  currencies: testCurrencies,
  bankAccounts: [testBankAccount],
  promotions: testPromotions,
};

/** The form is drawn at once; it can be sent once the page's answers are in. */
async function formReady() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'ຢືນຢັນການຖອນ' })).toBeEnabled());
}

async function typeAmount(user: UserEvent, amount: string) {
  const input = await screen.findByLabelText('ຈຳນວນເຄຣດິດທີ່ຖອນ (THB)');
  await user.clear(input);
  await user.click(input);
  await user.paste(amount);
}

async function enterAmount(user: UserEvent, amount: string) {
  await formReady();
  await typeAmount(user, amount);
}

describe('/player/withdraw', () => {
  it('draws the form at once, keeps what the player typed meanwhile, and sends once the account and limits are in', async () => {
    let answer: () => void = () => undefined;
    const accountsAnswered = new Promise<void>((resolve) => (answer = resolve));
    const { user, state } = renderApp('/player/withdraw', {
      state: withdrawer,
      handlers: [
        // The player's bank account is held back until the test lets it go.
        http.get('*/api/v2/players/bank-accounts', async () => {
          await accountsAnswered;
          // Nothing returned: the fake API answers as usual.
        }),
      ],
    });
    await typeAmount(user, '120');
    expect(screen.queryByRole('status', { name: 'ກຳລັງໂຫຼດ…' })).not.toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'ຢືນຢັນການຖອນ' });
    expect(send).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'ຈຳນວນເຄຣດິດທີ່ຖອນ (THB)' }).closest('form')).toHaveAttribute(
      'aria-busy',
      'true',
    );

    answer();
    await waitFor(() => expect(send).toBeEnabled());
    expect(screen.getByText(/0101000123456/)).toBeInTheDocument();
    expect(screen.getByLabelText('ຈຳນວນເຄຣດິດທີ່ຖອນ (THB)')).toHaveValue('120');
    await user.click(send);
    expect(await screen.findByText('ສົ່ງຄຳຂໍຖອນເງິນແລ້ວ')).toBeInTheDocument();
    expect(state.withdraws[0]).toMatchObject({ credit: 12000, bank: 'bcel', status: 'OPEN' });
  });

  it('asks for the bank account at the first withdrawal, right there, then takes the withdrawal', async () => {
    const { user, state } = renderApp('/player/withdraw', { state: { ...withdrawer, bankAccounts: [] } });
    expect(await screen.findByText('ກະລຸນາເພີ່ມບັນຊີທະນາຄານກ່ອນຖອນເງິນ')).toBeInTheDocument();
    // The display name is the username: no name is known, none is guessed.
    expect(screen.getByLabelText('ຊື່ບັນຊີ')).toHaveValue('');
    // The banks are one-tap choices: antd draws its own radio, the player taps the label.
    await user.click((await screen.findByRole('radio', { name: 'BCEL' })).closest('label') as HTMLElement);
    await user.click(screen.getByLabelText('ເລກບັນຊີ'));
    await user.paste('0101000999999');
    await user.click(screen.getByLabelText('ຊື່ບັນຊີ'));
    await user.paste('SOMCHAI PHOMMAVONG');
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກບັນຊີ' }));
    expect(await screen.findByText(/0101000999999/)).toBeInTheDocument();
    expect(state.bankAccounts).toHaveLength(1);
    await formReady();
    await enterAmount(user, '100');
    await user.click(screen.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }));
    expect(await screen.findByText('ສົ່ງຄຳຂໍຖອນເງິນແລ້ວ')).toBeInTheDocument();
    expect(state.withdraws[0]).toMatchObject({ credit: 10000, bank: 'bcel' });
  });

  it('shows its example amount as the site writes numbers, in the placeholder and the format error', async () => {
    const { user } = renderApp('/player/withdraw', { state: withdrawer });
    await formReady();
    const amount = screen.getByLabelText('ຈຳນວນເຄຣດິດທີ່ຖອນ (THB)');
    expect(amount).toHaveAttribute('placeholder', '100,50');
    await enterAmount(user, 'abc');
    await user.click(screen.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }));
    expect(await screen.findByText('ປ້ອນຈຳນວນເປັນບາດ ເຊັ່ນ 100,50')).toBeInTheDocument();
  });

  it('prefills the account name with the name the player registered under', async () => {
    const player = { ...testPlayer, displayName: 'SOMCHAI PHOMMAVONG' };
    renderApp('/player/withdraw', { state: { ...withdrawer, player, bankAccounts: [] } });
    expect(await screen.findByLabelText('ຊື່ບັນຊີ')).toHaveValue('SOMCHAI PHOMMAVONG');
  });

  it('withdraws baht and satang to the bank account and lists the open order', async () => {
    const { user, state } = renderApp('/player/withdraw', { state: withdrawer });
    expect(await screen.findByText('153,84 THB')).toBeInTheDocument();
    await formReady();
    expect(screen.getByText('ຕ່ຳສຸດ 100,00 THB, ສູງສຸດ 100.000,00 THB')).toBeInTheDocument();
    // Typed as the site writes numbers: 100,50 is a hundred baht and fifty satang, not 10,050 baht.
    await enterAmount(user, '100,50');
    // 100.50 baht at a buy rate of 640 kip per baht pays out 64,320 kip.
    expect(screen.getByText('ທ່ານຈະໄດ້ຮັບ 64.320 LAK')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }));

    expect(await screen.findByText('ສົ່ງຄຳຂໍຖອນເງິນແລ້ວ')).toBeInTheDocument();
    expect(state.withdraws[0]).toMatchObject({
      provider: 'alphabet',
      credit: 10050,
      amount: 64320,
      status: 'OPEN',
    });
    expect(state.credits.alphabet).toBe('53.34');
    const open = (await screen.findByText('ລາຍການຖອນທີ່ກຳລັງດຳເນີນການ')).closest('.ant-card') as HTMLElement;
    expect(within(open).getByText(state.withdraws[0]!.code)).toBeInTheDocument();
    expect(within(open).getByText('ລໍຖ້າ')).toBeInTheDocument();
  });

  it('says a withdrawal posted before the app arrived was received, and forgets the address naming it', async () => {
    const { router } = renderApp('/player/withdraw?created=W2611290001ABCD', {
      state: withdrawer,
      formPost: {
        answer: {
          form: 'withdraw',
          values: {},
          result: { code: 'W2611290001ABCD', credit: 10050, amount: 64320 },
        },
      },
    });
    expect(await screen.findByText('ສົ່ງຄຳຂໍຖອນເງິນແລ້ວ')).toBeInTheDocument();
    expect(screen.getByText(/W2611290001ABCD/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/player/withdraw');
  });

  it('tells why a withdrawal waits for the operator and by when to expect a decision', async () => {
    const waiting = {
      code: 'W2611270001ABCDEFGH',
      kind: 'WITHDRAW' as const,
      provider: 'alphabet' as const,
      amount: 640000,
      currency: 'LAK' as const,
      credit: 100000,
      status: 'OPEN' as const,
      bank: 'bcel' as const,
      createdAt: '2026-11-27T03:00:00.000Z',
      updatedAt: '2026-11-27T03:00:00.000Z',
      payout: {
        automatic: false,
        stage: 'RECEIVED' as const,
        review: { reason: 'NEW_BANK_ACCOUNT' as const, expectedBy: '2026-11-27T04:00:00.000Z' },
      },
    };
    renderApp('/player/withdraw', { state: { ...withdrawer, withdraws: [waiting] } });
    const open = (await screen.findByText('ລາຍການຖອນທີ່ກຳລັງດຳເນີນການ')).closest('.ant-card') as HTMLElement;
    expect(within(open).getByText('ລໍຖ້າເຈົ້າໜ້າທີ່ກວດສອບ: ບັນຊີທະນາຄານຫາກໍເພີ່ມໃໝ່')).toBeInTheDocument();
    expect(
      within(open).getByText(`ຄາດວ່າຈະດຳເນີນການພາຍໃນ ${formatDate('2026-11-27T04:00:00.000Z')}`),
    ).toBeInTheDocument();
  });

  it('shows the credit of the chosen provider and refuses more than it', async () => {
    const { user, state } = renderApp('/player/withdraw', { state: withdrawer });
    await screen.findByText('153,84 THB');
    await user.click(screen.getByRole('radio', { name: 'GClub Live' }).closest('label') as HTMLElement);
    expect(await screen.findByText('1.000,50 THB')).toBeInTheDocument();
    await enterAmount(user, '2000');
    await user.click(screen.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }));
    expect(await screen.findByText('ເຄຣດິດບໍ່ພຽງພໍ')).toBeInTheDocument();
    expect(state.requests).not.toContain('POST /v2/withdraws');
  });

  it('fills in the whole credit on request', async () => {
    const { user } = renderApp('/player/withdraw', { state: withdrawer });
    await screen.findByText('153,84 THB');
    await formReady();
    await user.click(screen.getByRole('button', { name: 'ຖອນທັງໝົດ' }));
    expect(screen.getByLabelText('ຈຳນວນເຄຣດິດທີ່ຖອນ (THB)')).toHaveValue('153.84');
  });

  it('explains the promotion in use (spec §5, §9) and fixes the amount to the whole credit', async () => {
    const usage = {
      usageId: '5c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f',
      promotionId: 'welcome-100',
      promotionTitle: 'Welcome bonus 20%',
      provider: 'alphabet' as const,
      status: 'USED' as const,
      usedAt: '2026-11-22T07:05:00.000Z',
      depositAmount: 100000,
      bonusCredit: 3076,
      endedAt: '0001-01-01T00:00:00Z',
    };
    renderApp('/player/withdraw', { state: { ...withdrawer, usages: [usage] } });
    expect(await screen.findByText('ເຄຣດິດທີ່ໄດ້ຮັບຈາກໂປຣໂມຊັນ: 30,76 THB')).toBeInTheDocument();
    // 500 % of (153,84 + 30,76) THB; the credit must exceed those 184,60 THB; the bonus comes off.
    expect(screen.getByText('ຖອນໄດ້ສູງສຸດ: 923,00 THB')).toBeInTheDocument();
    expect(screen.getByText('ເຄຣດິດທີ່ຈະຖືກສົ່ງຄືນ: 30,76 THB')).toBeInTheDocument();
    expect(screen.getByText('ເຄຣດິດຂັ້ນຕ່ຳເພື່ອຖອນ: 184,61 THB')).toBeInTheDocument();
    expect(screen.getByText('ໂບນັດ 30,76 THB ຈະຖືກຫັກອອກຕອນຖອນ')).toBeInTheDocument();
    expect(screen.getByText('ໂປຣໂມຊັນນີ້ຕ້ອງຖອນເຄຣດິດທັງໝົດໃນຄັ້ງດຽວ')).toBeInTheDocument();
    const amount = screen.getByLabelText('ຈຳນວນເຄຣດິດທີ່ຖອນ (THB)');
    expect(amount).toHaveValue('153.84');
    expect(amount).toHaveAttribute('readonly');
  });

  it.each<[ErrorCode, string]>([
    ['CREDIT_NOT_ENOUGH', 'ເຄຣດິດບໍ່ພຽງພໍ'],
    ['WITHDRAW_REJECTED', 'ການຖອນເງິນຖືກປະຕິເສດ'],
    ['WITHDRAW_NOT_ALLOWED', 'ບໍ່ສາມາດຖອນເງິນໄດ້'],
    ['AMOUNT_OUT_OF_RANGE', 'ຈຳນວນເງິນບໍ່ຢູ່ໃນຂອບເຂດທີ່ກຳນົດ'],
    ['PROMOTION_WITHDRAW_ALL', 'ໂປຣໂມຊັນນີ້ຕ້ອງຖອນເຄຣດິດທັງໝົດ'],
    ['BANK_ACCOUNT_REQUIRED', 'ກະລຸນາເພີ່ມບັນຊີທະນາຄານກ່ອນ'],
  ])('shows the refusal %s in Lao', async (code, message) => {
    const { user } = renderApp('/player/withdraw', {
      state: { ...withdrawer, failNext: { createWithdraw: { code } } },
    });
    await screen.findByText('153,84 THB');
    await enterAmount(user, '120');
    await user.click(screen.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // The amount stays for a retry.
    expect(screen.getByLabelText('ຈຳນວນເຄຣດິດທີ່ຖອນ (THB)')).toHaveValue('120');
  });

  it('says how much credit the promotion needs before a withdrawal, with the server’s figures', async () => {
    const details = [
      { field: 'minCredit', message: '18461' },
      { field: 'credit', message: '15384' },
    ];
    const { user } = renderApp('/player/withdraw', {
      state: {
        ...withdrawer,
        failNext: { createWithdraw: { status: 409, code: 'PROMOTION_MIN_CREDIT', details } },
      },
    });
    await screen.findByText('153,84 THB');
    await enterAmount(user, '120');
    await user.click(screen.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ຕ້ອງມີເຄຣດິດຢ່າງໜ້ອຍ 184,61 THB ເພື່ອຖອນ (ຕອນນີ້ 153,84 THB)',
    );
  });
});
