import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { ErrorCode, PromotionUsage } from '@/api';
import { formatDate } from '@/lib/format';
import { testPlayer } from './msw/fakeState';
import { testBankAccount, testBanks, testOrder, testPromotions } from './msw/moneyHandlers';
import { renderApp } from './renderApp';

const member = { player: testPlayer, bankAccounts: [testBankAccount], promotions: testPromotions };

function usage(overrides: Partial<PromotionUsage> = {}): PromotionUsage {
  return {
    usageId: '5c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f',
    promotionId: 'welcome-100',
    promotionTitle: 'Welcome bonus 20%',
    provider: 'alphabet',
    status: 'ACTIVE',
    usedAt: '2026-11-22T07:05:00.000Z',
    depositAmount: 100000,
    bonusCredit: 0,
    endedAt: '0001-01-01T00:00:00Z',
    ...overrides,
  };
}

/** The player's bank accounts, held back until the test lets them go; the fake API then answers as usual. */
function heldBackAccounts() {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const handler = http.get('*/api/v2/players/bank-accounts', async () => {
    await answered;
  });
  return { handler, answer };
}

/** The claim button, once it can be pressed (it waits for the promotion-blocking answer). */
async function claimButton(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'ຮັບໂປຣໂມຊັນນີ້' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('/player/promotion', () => {
  it('requires a bank account first, added right there', async () => {
    const { user } = renderApp('/player/promotion', {
      state: { ...member, banks: testBanks, bankAccounts: [] },
    });
    expect(await screen.findByText('ກະລຸນາເພີ່ມບັນຊີທະນາຄານກ່ອນໃຊ້ໂປຣໂມຊັນ')).toBeInTheDocument();
    expect(screen.queryByText('Welcome bonus 20%')).not.toBeInTheDocument();
    // The banks are one-tap choices: antd draws its own radio, the player taps the label.
    await user.click((await screen.findByRole('radio', { name: 'BCEL' })).closest('label') as HTMLElement);
    await user.click(screen.getByLabelText('ເລກບັນຊີ'));
    await user.paste('0101000999999');
    await user.click(screen.getByLabelText('ຊື່ບັນຊີ'));
    await user.paste('SOMCHAI PHOMMAVONG');
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກບັນຊີ' }));
    expect(await screen.findByRole('link', { name: 'Welcome bonus 20%' })).toBeInTheDocument();
  });

  it('shows the promotions while the bank account is checked, and the way to add one when there is none', async () => {
    const accounts = heldBackAccounts();
    renderApp('/player/promotion', { state: { ...member, bankAccounts: [] }, handlers: [accounts.handler] });
    expect(await screen.findByRole('link', { name: 'Welcome bonus 20%' })).toBeInTheDocument();
    accounts.answer();
    expect(await screen.findByText('ກະລຸນາເພີ່ມບັນຊີທະນາຄານກ່ອນໃຊ້ໂປຣໂມຊັນ')).toBeInTheDocument();
    expect(screen.queryByText('Welcome bonus 20%')).not.toBeInTheDocument();
  });

  it('lists the promotions, shows an inactive one disabled and prefetches a detail on hover', async () => {
    const { user, state } = renderApp('/player/promotion', { state: member });
    const link = await screen.findByRole('link', { name: 'Welcome bonus 20%' });
    expect(screen.getByText('ໂບນັດ 20%')).toBeInTheDocument();
    expect(screen.getByText('ຍອດຝາກທີ່ຕ້ອງການ 100.000 LAK')).toBeInTheDocument();
    expect(screen.getByText('ເປີດໃຊ້ງານ')).toBeInTheDocument();

    // The inactive promotion is shown, but cannot be opened.
    expect(screen.getByText('Weekend 10%')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Weekend 10%' })).not.toBeInTheDocument();
    expect(screen.getByText('ປິດໃຊ້ງານ')).toBeInTheDocument();

    await user.hover(link);
    await waitFor(() => expect(state.requests).toContain('GET /v2/promotions/welcome-100'));
  });

  it('shows the promotion in use, rechecks it and cancels it after a confirmation', async () => {
    const { user, state } = renderApp('/player/promotion', { state: { ...member, usages: [usage()] } });
    const card = (await screen.findByText('ໂປຣໂມຊັນທີ່ກຳລັງໃຊ້')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Welcome bonus 20%')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'ກວດສອບສະຖານະຄືນໃໝ່' }));
    await waitFor(() => expect(state.requests).toContain('POST /v2/promotions/usages/recheck'));

    await user.click(within(card).getByRole('button', { name: 'ຍົກເລີກໂປຣໂມຊັນ' }));
    await user.click(await screen.findByRole('button', { name: 'ແມ່ນ, ຍົກເລີກ' }));
    await waitFor(() => expect(screen.queryByText('ໂປຣໂມຊັນທີ່ກຳລັງໃຊ້')).not.toBeInTheDocument());
    expect(state.usages[0]?.status).toBe('CANCELED');
  });

  it('says a cancel waits for the provider while the bonus is being taken back, and keeps the promotion', async () => {
    renderApp('/player/promotion', { state: { ...member, usages: [{ ...usage(), cancelPending: true }] } });
    const card = (await screen.findByText('ໂປຣໂມຊັນທີ່ກຳລັງໃຊ້')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByRole('status')).toHaveTextContent('ລໍຖ້າຜູ້ໃຫ້ບໍລິການເກມເອົາໂບນັດຄືນ');
    expect(within(card).getByRole('button', { name: 'ຍົກເລີກໂປຣໂມຊັນ' })).toBeDisabled();
  });
});

describe('/player/promotion/:promotionId', () => {
  it('claims the promotion for the chosen provider', async () => {
    const { user, state } = renderApp('/player/promotion/welcome-100', { state: member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome bonus 20%' })).toBeInTheDocument();
    expect(screen.getByText('ສຳລັບລູກຄ້າໃໝ່ ຫຼື ການຝາກຄັ້ງທຳອິດເທົ່ານັ້ນ')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'GClub' }).closest('label') as HTMLElement);
    await user.click(await claimButton());

    expect(await screen.findByText('ຮັບໂປຣໂມຊັນແລ້ວ')).toBeInTheDocument();
    expect(screen.getByText('ຝາກ 100.000 LAK ເຂົ້າ GClub ເພື່ອຮັບໂບນັດ.')).toBeInTheDocument();
    expect(state.usages[0]).toMatchObject({
      promotionId: 'welcome-100',
      provider: 'gclub',
      status: 'ACTIVE',
    });
    expect(await screen.findByText('ໂປຣໂມຊັນທີ່ກຳລັງໃຊ້')).toBeInTheDocument();
  });

  it('shows the promotion at once and takes a claim only once the bank account is known', async () => {
    const accounts = heldBackAccounts();
    renderApp('/player/promotion/welcome-100', { state: member, handlers: [accounts.handler] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome bonus 20%' })).toBeInTheDocument();
    const claim = await screen.findByRole('button', { name: 'ຮັບໂປຣໂມຊັນນີ້' });
    // The promotion-blocking answer is in; the account is not.
    await waitFor(() => expect(screen.queryByRole('status', { name: 'ກຳລັງໂຫຼດ…' })).not.toBeInTheDocument());
    expect(claim).toBeDisabled();
    accounts.answer();
    await waitFor(() => expect(claim).toBeEnabled());
  });

  it('tells a blocked player they cannot receive promotions', async () => {
    renderApp('/player/promotion/welcome-100', { state: { ...member, blocked: true } });
    expect(await screen.findByText('ບັນຊີນີ້ຖືກບລັອກບໍ່ໃຫ້ຮັບໂປຣໂມຊັນ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ຮັບໂປຣໂມຊັນນີ້' })).not.toBeInTheDocument();
  });

  it('says to close the open deposit order first', async () => {
    const deposits = [testOrder({ code: 'D2611220001ABCD' })];
    const { user } = renderApp('/player/promotion/welcome-100', { state: { ...member, deposits } });
    await user.click(await claimButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('ກະລຸນາປິດລາຍການຝາກທີ່ຍັງເປີດຢູ່ກ່ອນໃຊ້ໂປຣໂມຊັນ');
  });

  it.each<[ErrorCode, string]>([
    ['PROMOTION_ONLY_FOR_FIRST_ORDER', 'ໂປຣໂມຊັນນີ້ສຳລັບລູກຄ້າໃໝ່ ຫຼື ການຝາກຄັ້ງທຳອິດເທົ່ານັ້ນ'],
    ['OPEN_ORDER', 'ກະລຸນາປິດລາຍການຝາກທີ່ຍັງເປີດຢູ່ກ່ອນໃຊ້ໂປຣໂມຊັນ'],
    ['PROMOTION_ALREADY_USED', 'ໂປຣໂມຊັນນີ້ຖືກໃຊ້ແລ້ວ'],
    ['PROMOTION_USAGE', 'ໂປຣໂມຊັນນີ້ຖືກໃຊ້ແລ້ວ'],
    ['PROMOTION_INACTIVE', 'ໂປຣໂມຊັນນີ້ບໍ່ໄດ້ເປີດໃຊ້ງານ'],
    ['PROMOTION_CREDIT_USED', 'ກຳລັງໃຊ້ໂປຣໂມຊັນຢູ່, ບໍ່ສາມາດເຕີມເພີ່ມໄດ້ຈົນກວ່າເຄຣດິດຈະຕ່ຳກວ່າເກນທີ່ກຳນົດ'],
    ['PROMOTION_BLOCKED', 'ບັນຊີນີ້ຖືກບລັອກບໍ່ໃຫ້ຮັບໂປຣໂມຊັນ'],
  ])('shows %s in Lao', async (code, message) => {
    const failNext = { claimPromotion: { code } };
    const { user } = renderApp('/player/promotion/welcome-100', { state: { ...member, failNext } });
    await user.click(await claimButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('/player/promotion/history', () => {
  it('lists the usages by readable code with dates, N/A for an open end and translated statuses', async () => {
    const usages = [
      usage({ usageId: '1a2b3c4d-0000-4000-8000-000000000001', status: 'USED' }),
      usage({
        usageId: '2b3c4d5e-0000-4000-8000-000000000002',
        status: 'SUCCESS',
        usedAt: '2026-11-20T07:05:00.000Z',
        endedAt: '2026-11-21T10:00:00.000Z',
      }),
      usage({
        usageId: '3c4d5e6f-0000-4000-8000-000000000003',
        status: 'CANCELED',
        endedAt: '2026-11-22T08:00:00.000Z',
      }),
      usage({
        usageId: '4d5e6f7a-0000-4000-8000-000000000004',
        status: 'INACTIVE',
        endedAt: '2026-11-22T09:00:00.000Z',
      }),
    ];
    renderApp('/player/promotion/history', { state: { ...member, usages } });
    const table = await screen.findByRole('table');
    // A code the player can read out to support, not the usage's raw id.
    const inUse = (await within(table).findByText('1A2B-3C4D')).closest('tr') as HTMLElement;
    expect(within(table).queryByText(usages[0]!.usageId)).not.toBeInTheDocument();
    expect(within(inUse).getByText('ກຳລັງໃຊ້')).toBeInTheDocument();
    expect(inUse).toHaveTextContent(formatDate(usages[0]!.usedAt));
    expect(inUse).toHaveTextContent('N/A');

    const done = within(table).getByText('2B3C-4D5E').closest('tr') as HTMLElement;
    expect(within(done).getByText('ສຳເລັດ')).toHaveClass('ant-tag-green');
    expect(done).toHaveTextContent(formatDate('2026-11-21T10:00:00.000Z'));
    expect(within(table).getByText('ຍົກເລີກແລ້ວ')).toHaveClass('ant-tag-red');
    expect(within(table).getByText('ບໍ່ເປີດໃຊ້ງານ')).toBeInTheDocument();
  });

  it('shows cards on a phone', async () => {
    const usages = [usage({ status: 'USED' })];
    renderApp('/player/promotion/history', { state: { ...member, usages }, width: 390 });
    expect(await screen.findByText('5C1D-2E3F', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(usages[0]!.usageId, { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('ກຳລັງໃຊ້')).toBeInTheDocument();
  });

  it('says when there is no history yet', async () => {
    renderApp('/player/promotion/history', { state: member });
    expect(await screen.findByText('ຍັງບໍ່ມີປະຫວັດການໃຊ້ໂປຣໂມຊັນ')).toBeInTheDocument();
  });
});
