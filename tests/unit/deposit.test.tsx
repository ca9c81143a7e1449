import type { ErrorCode } from '@/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import type { UserEvent } from '@testing-library/user-event';
import { testPlayer } from './msw/fakeState';
import { canShareImages, qrPngFile } from '@/features/deposit/qrImage';
import {
  qrOf,
  testBankAccount,
  testBanks,
  testCurrencies,
  testOrder,
  testPromotions,
} from './msw/moneyHandlers';
import { expectBankTilesUnchosen } from './bankTiles';
import { renderApp } from './renderApp';
import { expectConsole } from '../support/consoleGuard';

// jsdom cannot draw on a canvas: the PNG made from the QR is stood in for; saving and sharing stay real.
jest.mock('@/features/deposit/qrImage', () => ({
  ...jest.requireActual('@/features/deposit/qrImage'),
  qrPngFile: jest.fn(
    async (_svg: SVGSVGElement, name: string) => new File(['png'], name, { type: 'image/png' }),
  ),
  canShareImages: jest.fn(() => false),
}));

const depositor = {
  player: testPlayer,
  banks: testBanks,
  currencies: testCurrencies,
  bankAccounts: [testBankAccount],
};

/** antd draws its own radio: the player clicks the label. */
async function pick(user: UserEvent, name: string) {
  await user.click(screen.getByRole('radio', { name }).closest('label') as HTMLElement);
}

/** The form is drawn at once; it can be sent once the page's answers are in. */
async function formReady() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' })).toBeEnabled());
}

async function fillDeposit(user: UserEvent, amount = '100000') {
  await formReady();
  await pick(user, 'Alphabet');
  await user.click(screen.getByLabelText('ຈຳນວນເງິນ (LAK)'));
  await user.paste(amount);
}

async function openDialog(user: UserEvent) {
  await fillDeposit(user);
  await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
  return screen.findByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' });
}

describe('/player/deposit', () => {
  it('draws the form at once, keeps what the player typed meanwhile, and sends once the agency answered', async () => {
    let answer: () => void = () => undefined;
    const agencyAnswered = new Promise<void>((resolve) => (answer = resolve));
    const { user } = renderApp('/player/deposit', {
      state: depositor,
      handlers: [
        // The agency's answer (the limits) is held back until the test lets it go.
        http.get('*/api/v2/agency/info', async () => {
          await agencyAnswered;
          // Nothing returned: the fake API answers as usual.
        }),
      ],
    });
    const amount = await screen.findByLabelText('ຈຳນວນເງິນ (LAK)');
    expect(screen.queryByRole('status', { name: 'ກຳລັງໂຫຼດ…' })).not.toBeInTheDocument();
    await pick(user, 'Alphabet');
    await user.click(amount);
    await user.paste('100000');
    expect(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' })).toBeDisabled();

    answer();
    await formReady();
    expect(screen.getByText('ຕ່ຳສຸດ 94.000 LAK, ສູງສຸດ 200.000.000 LAK')).toBeInTheDocument();
    expect(amount).toHaveValue('100000');
    expect(screen.getByRole('radio', { name: 'Alphabet' })).toBeChecked();
    // The defaults the answers bring fill the fields the player left alone.
    expect(screen.getByRole('radio', { name: 'BCEL' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    expect(await screen.findByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' })).toBeInTheDocument();
  });

  it('always has the only payment method chosen, whenever the method list comes, and a tap sends', async () => {
    // A form drawn again from a post the server refused (the app not yet there) starts from the values sent,
    // the method left empty by a form drawn before the list came.
    const { user, state } = renderApp('/player/deposit', {
      state: depositor,
      width: 360,
      formPost: { answer: { form: 'deposit', values: { provider: 'alphabet', mid: '', amount: '100000' } } },
      handlers: [
        http.get('*/api/v2/currencies', async () => {
          await delay(100);
        }),
      ],
    });
    await formReady();
    const method = screen.getByRole('combobox', { name: 'ຊ່ອງທາງຊຳລະ' });
    await waitFor(() => expect(method).toHaveDisplayValue('LAO QR'));
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    expect(await screen.findByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' })).toBeInTheDocument();
    expect(state.deposits[0]).toMatchObject({ mid: 'MID-LAOQR-01', amount: 100000 });
  });

  it('shows the bounds and the credit the amount buys', async () => {
    const { user } = renderApp('/player/deposit', { state: depositor });
    await fillDeposit(user);
    expect(screen.getByText('ຕ່ຳສຸດ 94.000 LAK, ສູງສຸດ 200.000.000 LAK')).toBeInTheDocument();
    // 100,000 kip at a sell rate of 650 kip per baht buys 153.84 baht of credit.
    expect(screen.getByText('100.000 LAK = ເຄຣດິດ 153,84 THB')).toBeInTheDocument();
    // The only LAK payment method and the player's own bank are chosen already.
    expect(screen.getByRole('combobox', { name: 'ຊ່ອງທາງຊຳລະ' })).toHaveDisplayValue('LAO QR');
    expect(screen.getByRole('radio', { name: 'BCEL' })).toBeChecked();
  });

  it('refuses an amount outside the agency limits before calling the server', async () => {
    const { user, state } = renderApp('/player/deposit', { state: depositor });
    await fillDeposit(user, '5000');
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    expect(
      await screen.findByText('ຈຳນວນເງິນຕ້ອງຢູ່ໃນຂອບເຂດ: ຕ່ຳສຸດ 94.000 LAK, ສູງສຸດ 200.000.000 LAK'),
    ).toBeInTheDocument();
    expect(state.requests).not.toContain('POST /v2/deposits');
  });

  it('creates the order, shows its QR, says it is not paid yet, then credits it once paid', async () => {
    const { user, state } = renderApp('/player/deposit', { state: depositor });
    const dialog = await openDialog(user);

    const order = state.deposits[0];
    expect(order).toMatchObject({ provider: 'alphabet', mid: 'MID-LAOQR-01', bank: 'bcel', amount: 100000 });
    // The amount, the credit and the code each move to a new line whole, never split mid-token.
    expect(within(dialog).getByText(order!.code)).toHaveClass('payment__token');
    expect(within(dialog).getByText('100.000 LAK')).toHaveClass('payment__token');
    expect(within(dialog).getByText('153,84 THB')).toHaveClass('payment__token');
    expect(within(dialog).getByRole('img', { name: 'QR ຊຳລະເງິນ LAO QR' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('ຂໍ້ຄວາມ QR')).toHaveValue(qrOf(order!).qrText);
    expect(within(dialog).getByRole('button', { name: 'ສຳເນົາຂໍ້ຄວາມ QR' })).toBeInTheDocument();
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/^1[45]:\d\d$/);

    await user.click(within(dialog).getByRole('button', { name: 'ກວດສອບການຊຳລະ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('ລາຍການຍັງບໍ່ໄດ້ຊຳລະ, ກະລຸນາສະແກນ QR');

    order!.status = 'PAID'; // The bank's callback arrives.
    await user.click(within(dialog).getByRole('button', { name: 'ກວດສອບການຊຳລະ' }));
    expect(await within(dialog).findByText('ຝາກເງິນສຳເລັດ')).toBeInTheDocument();
    expect(within(dialog).getByText('ເພີ່ມເຄຣດິດ 153,84 THB ແລ້ວ')).toBeInTheDocument();
    expect(state.credits.alphabet).toBe('307.68');
    expect(state.requests.filter((r) => r === 'POST /v2/deposits')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'ຕົກລົງ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before closing an unpaid order and reminds a player who paid to check first', async () => {
    const { user } = renderApp('/player/deposit', { state: depositor });
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'ປິດ' }));
    expect(await screen.findByText('ປິດໜ້າຈໍຊຳລະບໍ?')).toBeInTheDocument();
    expect(screen.getByText(/ຖ້າທ່ານຊຳລະແລ້ວ, ກະລຸນາກົດ ກວດສອບການຊຳລະ ກ່ອນ\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ກັບໄປຊຳລະ' }));
    expect(screen.getByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'ປິດ' }));
    await user.click(await screen.findByRole('button', { name: 'ປິດໂດຍບໍ່ກວດສອບ' }));
    // The order stays open and is offered again instead of the form.
    expect(await screen.findByText('ທ່ານມີລາຍການຝາກທີ່ຍັງເປີດຢູ່')).toBeInTheDocument();
  });

  it('shows the open order after a reload and reopens its QR', async () => {
    const open = testOrder({
      code: 'D2611220001ABCD',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    });
    const { user, state } = renderApp('/player/deposit', { state: { ...depositor, deposits: [open] } });

    await user.click(await screen.findByRole('button', { name: 'ສະແດງ QR ແລະ ກວດສອບ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' });
    expect(await within(dialog).findByText('D2611220001ABCD')).toBeInTheDocument();
    expect(state.requests).toContain('GET /v2/deposits/D2611220001ABCD/qr');
    expect(screen.queryByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' })).not.toBeInTheDocument();
  });

  it('says when the QR has expired', async () => {
    const stale = testOrder({
      code: 'D2611220002ABCD',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const { user } = renderApp('/player/deposit', { state: { ...depositor, deposits: [stale] } });
    await user.click(await screen.findByRole('button', { name: 'ສະແດງ QR ແລະ ກວດສອບ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' });
    expect(await within(dialog).findByRole('timer')).toHaveTextContent('ໝົດເວລາແລ້ວ');
  });

  it('cancels the order after a confirmation', async () => {
    // antd's confirmation, still closing when the cancelled order replaces the dialog's body (and its button),
    // may warn once in development that its button has left the page: the order is cancelled all the same.
    const detached = expectConsole('error', /trigger element and popup element should in same shadow root/);
    const { user, state } = renderApp('/player/deposit', { state: depositor });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'ຍົກເລີກລາຍການ' }));
    await user.click(await screen.findByRole('button', { name: 'ແມ່ນ, ຍົກເລີກ' }));
    expect(await within(dialog).findByText('ຍົກເລີກລາຍການແລ້ວ')).toBeInTheDocument();
    expect(state.deposits[0]?.status).toBe('CANCELED');
    expect(detached().length).toBeLessThanOrEqual(1);
  });

  it('fixes the amount to the promotion in use and explains the rule', async () => {
    const usage = {
      usageId: '5c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f',
      promotionId: 'welcome-100',
      promotionTitle: 'Welcome bonus 20%',
      provider: 'gclub' as const,
      status: 'ACTIVE' as const,
      usedAt: '2026-11-22T07:05:00.000Z',
      depositAmount: 120000,
      bonusCredit: 0,
      endedAt: '0001-01-01T00:00:00Z',
    };
    renderApp('/player/deposit', { state: { ...depositor, usages: [usage] } });
    expect(await screen.findByText('ກຳລັງໃຊ້ໂປຣໂມຊັນ: Welcome bonus 20%')).toBeInTheDocument();
    expect(screen.getByText(/ຍອດຝາກຕ້ອງເທົ່າກັບ 120.000 LAK ແລະ ຝາກເຂົ້າ GClub/)).toBeInTheDocument();
    const amount = screen.getByLabelText('ຈຳນວນເງິນ (LAK)');
    expect(amount).toHaveValue('120000');
    expect(amount).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: 'GClub' })).toBeChecked();
  });

  it.each<[ErrorCode, string]>([
    ['PROMOTION_CREDIT_USED', 'ກຳລັງໃຊ້ໂປຣໂມຊັນຢູ່, ບໍ່ສາມາດເຕີມເພີ່ມໄດ້ຈົນກວ່າເຄຣດິດຈະຕ່ຳກວ່າເກນທີ່ກຳນົດ'],
    ['AMOUNT_OUT_OF_RANGE', 'ຈຳນວນເງິນບໍ່ຢູ່ໃນຂອບເຂດທີ່ກຳນົດ'],
  ])('shows the refusal %s in Lao', async (code, message) => {
    const { user } = renderApp('/player/deposit', {
      state: { ...depositor, failNext: { createDeposit: { code } } },
    });
    await fillDeposit(user);
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("a deposit over the player's own limit says how much is still allowed", async () => {
    const details = [
      { field: 'period', message: 'DAY' },
      { field: 'limit', message: '150000' },
      { field: 'remaining', message: '50000' },
    ];
    const { user } = renderApp('/player/deposit', {
      state: {
        ...depositor,
        failNext: { createDeposit: { status: 409, code: 'DEPOSIT_LIMIT_EXCEEDED', details } },
      },
    });
    await fillDeposit(user);
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ການຝາກນີ້ເກີນຂີດຈຳກັດການຝາກທີ່ທ່ານຕັ້ງໄວ້');
    expect(alert).toHaveTextContent('ຍັງຝາກໄດ້ອີກໃນໄລຍະນີ້: 50.000 LAK');
  });

  it('links testers to the sandbox bank beside the QR in sandbox mode', async () => {
    const { user } = renderApp('/player/deposit', { state: depositor });
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('link', { name: 'ເປີດທະນາຄານທົດສອບ' })).toHaveAttribute(
      'href',
      '/sandbox/bank',
    );
    expect(dialog).toHaveTextContent('ສຳລັບຜູ້ທົດສອບ: ຊຳລະ QR ໂດຍບໍ່ໃຊ້ເງິນແທ້.');
  });

  it('fits a 390 px phone', async () => {
    const { user } = renderApp('/player/deposit', { state: depositor, width: 390 });
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('button', { name: 'ກວດສອບການຊຳລະ' })).toBeInTheDocument();
  });
});

describe('/player/deposit on a phone', () => {
  afterEach(() => {
    jest.mocked(canShareImages).mockReturnValue(false);
    delete (navigator as { share?: unknown }).share;
  });

  it('offers quick amounts within the limits, and the credit they buy', async () => {
    const { user } = renderApp('/player/deposit', { state: depositor, width: 390 });
    await formReady();
    const chips = screen.getByRole('group', { name: 'ຈຳນວນເງິນດ່ວນ' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['100.000', '200.000', '500.000', '1.000.000']);
    await user.click(within(chips).getByRole('button', { name: '500.000' }));
    expect(screen.getByLabelText('ຈຳນວນເງິນ (LAK)')).toHaveValue('500000');
    expect(within(chips).getByRole('button', { name: '500.000' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('500.000 LAK = ເຄຣດິດ 769,23 THB')).toBeInTheDocument();
  });

  it('adds the bonus of the claimed promotion to the credit preview', async () => {
    const usage = {
      usageId: '5c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f',
      promotionId: 'welcome-100',
      promotionTitle: 'Welcome bonus 20%',
      provider: 'alphabet' as const,
      status: 'ACTIVE' as const,
      usedAt: '2026-11-22T07:05:00.000Z',
      depositAmount: 100000,
      bonusCredit: 0,
      endedAt: '0001-01-01T00:00:00Z',
    };
    renderApp('/player/deposit', { state: { ...depositor, promotions: testPromotions, usages: [usage] } });
    // 153.84 THB of credit, and 20% of it as the welcome bonus.
    expect(await screen.findByText('100.000 LAK = ເຄຣດິດ 153,84 THB + ໂບນັດ 30,76 THB')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'ຈຳນວນເງິນດ່ວນ' })).not.toBeInTheDocument();
  });

  it('shows in the QR dialog the bonus the preview promised', async () => {
    const usage = {
      usageId: '5c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f',
      promotionId: 'welcome-100',
      promotionTitle: 'Welcome bonus 20%',
      provider: 'alphabet' as const,
      status: 'ACTIVE' as const,
      usedAt: '2026-11-22T07:05:00.000Z',
      depositAmount: 100000,
      bonusCredit: 0,
      endedAt: '0001-01-01T00:00:00Z',
    };
    const { user } = renderApp('/player/deposit', {
      // No credit at the provider yet: the promotion's deposit is still to come.
      state: {
        ...depositor,
        promotions: testPromotions,
        usages: [usage],
        credits: { alphabet: '0.00', askmebet: '0.00', gclub: '0.00', gclub_live: '0.00' },
      },
    });
    expect(await screen.findByText('100.000 LAK = ເຄຣດິດ 153,84 THB + ໂບນັດ 30,76 THB')).toBeInTheDocument();
    await formReady();
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' });
    const bonus = within(dialog).getByText('ໂບນັດໂປຣໂມຊັນ').closest('tr') as HTMLElement;
    expect(bonus).toHaveTextContent('30,76 THB');
    expect(within(dialog).getByText('153,84 THB')).toBeInTheDocument();
  });

  it('shows no bonus in the QR dialog of a deposit without a promotion', async () => {
    const { user } = renderApp('/player/deposit', { state: depositor });
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('153,84 THB')).toBeInTheDocument();
    expect(within(dialog).queryByText('ໂບນັດໂປຣໂມຊັນ')).not.toBeInTheDocument();
  });

  it('copies the amount, and saves the QR as a PNG image through a download link', async () => {
    const { user, state } = renderApp('/player/deposit', { state: depositor, width: 390 });
    const dialog = await openDialog(user);
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(dialog).getByRole('button', { name: 'ສຳເນົາຈຳນວນເງິນ' }));
    expect(write).toHaveBeenCalledWith('100000');
    expect(await within(dialog).findByText('ສຳເນົາຈຳນວນເງິນແລ້ວ')).toBeInTheDocument();

    URL.createObjectURL = jest.fn(() => 'blob:qr');
    URL.revokeObjectURL = jest.fn();
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    try {
      expect(within(dialog).queryByRole('button', { name: /ແບ່ງປັນຮູບ QR/ })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: /ບັນທຶກຮູບ QR/ }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0]).toHaveAttribute('download', `lao-qr-${state.deposits[0]!.code}.png`);
      expect(clicked[0]).toHaveAttribute('href', 'blob:qr');
      // Made from the QR on screen.
      expect(jest.mocked(qrPngFile).mock.calls[0]![0].tagName.toLowerCase()).toBe('svg');
    } finally {
      click.mockRestore();
    }
  });

  it('shares the QR image with the Web Share API where the browser can', async () => {
    jest.mocked(canShareImages).mockReturnValue(true);
    const share = jest.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user, state } = renderApp('/player/deposit', { state: depositor, width: 390 });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: /ແບ່ງປັນຮູບ QR/ }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const shared = (share.mock.calls[0] as unknown as [ShareData])[0];
    expect(shared.files?.map((f) => [f.name, f.type])).toEqual([
      [`lao-qr-${state.deposits[0]!.code}.png`, 'image/png'],
    ]);
  });
});

describe('/player/deposit on the way to a game', () => {
  const newPlayer = { player: testPlayer, banks: testBanks, currencies: testCurrencies, bankAccounts: [] };

  it('needs no bank account: a new player picks the bank they pay from and gets the QR', async () => {
    const { user, state } = renderApp('/player/deposit', { state: newPlayer });
    await formReady();
    expect(screen.queryByText(/ເພີ່ມບັນຊີທະນາຄານ/)).not.toBeInTheDocument();
    await pick(user, 'GClub');
    await pick(user, 'JDB');
    await user.click(screen.getByRole('button', { name: '100.000' }));
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    expect(await screen.findByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' })).toBeInTheDocument();
    expect(state.deposits[0]).toMatchObject({ provider: 'gclub', bank: 'jdb', amount: 100000 });
  });

  it('starts a first deposit with the home provider and offers the banks as one-tap choices', async () => {
    const { user, state } = renderApp('/player/deposit', { state: newPlayer });
    await formReady();
    // No provider of their own yet: the home one (Alphabet) is chosen, no bank is.
    expect(screen.getByRole('radio', { name: 'Alphabet' })).toBeChecked();
    expectBankTilesUnchosen('ທະນາຄານທີ່ໃຊ້ຊຳລະ');
    // One tap chooses the bank; with an amount chip the QR is one more tap away.
    await pick(user, 'BCEL');
    expect(screen.getByRole('radio', { name: 'BCEL' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: '100.000' }));
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    expect(await screen.findByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' })).toBeInTheDocument();
    expect(state.deposits[0]).toMatchObject({ provider: 'alphabet', bank: 'bcel', amount: 100000 });
  });

  it('starts with the provider the player came from', async () => {
    renderApp('/player/deposit?provider=gclub_live', { state: depositor });
    await formReady();
    expect(screen.getByRole('radio', { name: 'GClub Live' })).toBeChecked();
  });

  it('after a deposit offers Play now into that provider, and keeps the provider and bank for the next one', async () => {
    const { user, state, router } = renderApp('/player/deposit?provider=askmebet', { state: newPlayer });
    await formReady();
    await pick(user, 'GClub');
    await pick(user, 'LDB');
    await user.click(screen.getByRole('button', { name: '200.000' }));
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' });
    state.deposits[0]!.status = 'PAID'; // The bank's callback arrives.
    await user.click(within(dialog).getByRole('button', { name: 'ກວດສອບການຊຳລະ' }));
    expect(await within(dialog).findByText('ຝາກເງິນສຳເລັດ')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'ຫຼິ້ນເລີຍ' })).toHaveAttribute('href', '/player/game/gclub');

    // Done: the form is drawn again for the next deposit, with this one's provider and bank.
    await user.click(within(dialog).getByRole('button', { name: 'ຕົກລົງ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await formReady();
    expect(screen.getByRole('radio', { name: 'GClub' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'LDB' })).toBeChecked();
    expect(router.state.location.search).toBe('?provider=gclub');

    // The next visit, from the menu (no provider in the address), starts the same way.
    await act(() => router.navigate('/player/withdraw'));
    await act(() => router.navigate('/player/deposit'));
    await formReady();
    expect(screen.getByRole('radio', { name: 'GClub' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'LDB' })).toBeChecked();
  });

  it('Play now opens the lobby of the provider the credit went to', async () => {
    const { user, state, router } = renderApp('/player/deposit?provider=gclub', { state: depositor });
    await formReady();
    await user.click(screen.getByRole('button', { name: '100.000' }));
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' });
    state.deposits[0]!.status = 'PAID';
    await user.click(within(dialog).getByRole('button', { name: 'ກວດສອບການຊຳລະ' }));
    await user.click(await within(dialog).findByRole('link', { name: 'ຫຼິ້ນເລີຍ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/game/gclub'));
    expect(await screen.findByRole('heading', { level: 1, name: 'GClub' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
