import { screen, waitFor, within } from '@testing-library/react';
import type { Promotion, PromotionUsage } from '@/api';
import { testPlayer } from './msw/fakeState';
import { testBankAccount, testBanks, testCurrencies, testPromotions } from './msw/moneyHandlers';
import { renderApp } from './renderApp';

/** Issue 13: promotions with artwork, time left, the withdrawal rule, turnover progress and exact refusals. */

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY + 60_000).toISOString();

const promotions: Promotion[] = [
  {
    ...testPromotions[0]!,
    title: 'ໂບນັດຕ້ອນຮັບ 20%',
    imageUrl: '/promotions/welcome.svg',
    endsAt: inDays(3),
    maxWithdrawPercent: 500,
  },
  { ...testPromotions[1]!, title: 'ບຸນປີໃໝ່ 30%', endsAt: inDays(-30) },
];

const member = {
  player: testPlayer,
  banks: testBanks,
  currencies: testCurrencies,
  bankAccounts: [testBankAccount],
  promotions,
};

const inUse: PromotionUsage = {
  usageId: '5c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f',
  promotionId: 'welcome-100',
  promotionTitle: 'ໂບນັດຕ້ອນຮັບ 20%',
  provider: 'alphabet',
  status: 'USED',
  usedAt: '2026-11-22T07:05:00.000Z',
  depositAmount: 100000,
  bonusCredit: 3076,
  endedAt: '0001-01-01T00:00:00Z',
  turnoverRequired: 150_000,
  turnoverDone: 27_000,
};

/** The claim button, once it can be pressed (it waits for the promotion-blocking answer). */
async function claimButton(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'ຮັບໂປຣໂມຊັນນີ້' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('promotions that explain themselves', () => {
  it('lists each promotion with its artwork, the time left, and "ended" for one past its end', async () => {
    const { state } = renderApp('/player/promotion', { state: member });
    const card = (await screen.findByRole('link', { name: 'ໂບນັດຕ້ອນຮັບ 20%' }, { timeout: 5000 })).closest(
      '.ant-card',
    ) as HTMLElement;
    const art = within(card).getByRole('img', { name: 'ໂບນັດຕ້ອນຮັບ 20%' });
    expect(art).toHaveAttribute('src', '/promotions/welcome.svg');
    // The first card's banner is the page's largest paint: fetched at once and first.
    expect(art).toHaveAttribute('loading', 'eager');
    expect(art).toHaveAttribute('fetchpriority', 'high');
    expect(art).toHaveAttribute('width', '640');
    expect(art).toHaveAttribute('height', '320');
    expect(within(card).getByText('ເຫຼືອເວລາອີກ 3 ມື້')).toBeInTheDocument();
    const ended = screen.getByText('ບຸນປີໃໝ່ 30%').closest('.ant-card') as HTMLElement;
    expect(within(ended).getByText('ສິ້ນສຸດແລ້ວ')).toBeInTheDocument();
    expect(within(ended).queryByRole('img')).not.toBeInTheDocument();
    expect(state.requests).toContain('GET /v2/promotions');
  });

  it('loads the banners below the first card when scrolled to', async () => {
    const more = { ...promotions[0]!, id: 'slots-5', title: 'ສະລັອດ 5%', imageUrl: '/promotions/slots.svg' };
    renderApp('/player/promotion', { state: { ...member, promotions: [...promotions, more] } });
    const art = await screen.findByRole('img', { name: 'ສະລັອດ 5%' }, { timeout: 5000 });
    expect(art).toHaveAttribute('loading', 'lazy');
    expect(art).not.toHaveAttribute('fetchpriority');
  });

  it('shows the withdrawal rule before claiming', async () => {
    renderApp('/player/promotion/welcome-100', { state: member });
    expect(await screen.findByText('ເງື່ອນໄຂການຖອນເງິນ')).toBeInTheDocument();
    expect(screen.getByText('ກ່ອນຖອນ ຕ້ອງຫຼິ້ນໃຫ້ໄດ້ຍອດເດີມພັນ 3 ເທົ່າຂອງ (ຍອດຝາກ + ໂບນັດ)')).toBeInTheDocument();
    expect(
      screen.getByText('ລະຫວ່າງໃຊ້ໂປຣໂມຊັນ ຖອນໄດ້ສູງສຸດ 500% ຂອງ (ຍອດຝາກ + ໂບນັດ); ສ່ວນທີ່ເກີນຈະຖືກຫັກຄືນ'),
    ).toBeInTheDocument();
    expect(screen.getByText('ຕ້ອງຖອນເຄຣດິດທັງໝົດໃນຄັ້ງດຽວ')).toBeInTheDocument();
    expect(screen.getByText('ຖອນໄດ້ເມື່ອເຄຣດິດຫຼາຍກວ່າ (ຍອດຝາກ + ໂບນັດ)')).toBeInTheDocument();
    expect(screen.getByText('ໂບນັດຈະຖືກຫັກອອກຕອນຖອນເງິນ')).toBeInTheDocument();
    expect(screen.getByText('ເຫຼືອເວລາອີກ 3 ມື້')).toBeInTheDocument();
  });

  it('says that another promotion is in use', async () => {
    const failNext = { claimPromotion: { code: 'PROMOTION_IN_USE' as const } };
    const { user } = renderApp('/player/promotion/welcome-100', { state: { ...member, failNext } });
    await user.click(await claimButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ທ່ານມີໂປຣໂມຊັນອື່ນທີ່ກຳລັງໃຊ້ຢູ່. ກະລຸນາໃຊ້ໃຫ້ຈົບ ຫຼື ຍົກເລີກກ່ອນ',
    );
  });

  it('says why a promotion cannot be used, with the credit and the threshold', async () => {
    const failNext = {
      claimPromotion: {
        code: 'PROMOTION_NOT_USABLE' as const,
        details: [
          { field: 'credit', message: '15384' },
          { field: 'threshold', message: '1000' },
        ],
      },
    };
    const { user } = renderApp('/player/promotion/welcome-100', { state: { ...member, failNext } });
    await user.click(await claimButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ໃຊ້ໂປຣໂມຊັນນີ້ບໍ່ໄດ້: ເຄຣດິດຂອງທ່ານຢູ່ຄ່າຍນີ້ແມ່ນ 153,84 THB, ຕ້ອງຕ່ຳກວ່າ 10,00 THB',
    );
  });

  it('shows the turnover progress of the promotion in use', async () => {
    renderApp('/player/promotion', { state: { ...member, usages: [inUse] } });
    const card = (await screen.findByText('ໂປຣໂມຊັນທີ່ກຳລັງໃຊ້')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('ຍອດເທີນໂອເວີ')).toBeInTheDocument();
    expect(within(card).getByText('270,00 / 1.500,00 THB')).toBeInTheDocument();
    expect(within(card).getByText('18%')).toBeInTheDocument();
    expect(within(card).queryByText('ຄົບຍອດເທີນໂອເວີແລ້ວ, ຖອນເງິນໄດ້')).not.toBeInTheDocument();
  });

  it('says the turnover is met once it is', async () => {
    renderApp('/player/promotion', { state: { ...member, usages: [{ ...inUse, turnoverDone: 160_000 }] } });
    expect(await screen.findByText('ຄົບຍອດເທີນໂອເວີແລ້ວ, ຖອນເງິນໄດ້')).toBeInTheDocument();
    expect(screen.getByText('1.500,00 / 1.500,00 THB')).toBeInTheDocument();
  });

  it('a refused withdrawal says how much more to play, with the numbers from the error', async () => {
    const failNext = {
      createWithdraw: {
        code: 'PROMOTION_TURNOVER_NOT_MET' as const,
        details: [
          { field: 'turnoverRequired', message: '150000' },
          { field: 'turnoverDone', message: '27000' },
          { field: 'maxCredit', message: '92300' },
        ],
      },
    };
    const { user } = renderApp('/player/withdraw', { state: { ...member, failNext } });
    await screen.findByText('153,84 THB');
    const amount = screen.getByLabelText('ຈຳນວນເຄຣດິດທີ່ຖອນ (THB)');
    await user.click(amount);
    await user.paste('120');
    await user.click(screen.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ຫຼິ້ນອີກ 1.230,00 THB ກ່ອນຖອນເງິນ (ຫຼິ້ນແລ້ວ 270,00 ຈາກ 1.500,00 THB)');
    // One message: the code's general text is not shown as well.
    expect(screen.queryByText('ຍອດເທີນໂອເວີຂອງໂປຣໂມຊັນຍັງບໍ່ຄົບ, ຍັງຖອນເງິນບໍ່ໄດ້')).not.toBeInTheDocument();
  });

  it("a refused withdrawal without details still shows the code's text", async () => {
    const failNext = { createWithdraw: { code: 'PROMOTION_TURNOVER_NOT_MET' as const } };
    const { user } = renderApp('/player/withdraw', { state: { ...member, failNext } });
    await screen.findByText('153,84 THB');
    await user.click(screen.getByLabelText('ຈຳນວນເຄຣດິດທີ່ຖອນ (THB)'));
    await user.paste('120');
    await user.click(screen.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ຍອດເທີນໂອເວີຂອງໂປຣໂມຊັນຍັງບໍ່ຄົບ, ຍັງຖອນເງິນບໍ່ໄດ້');
  });
});
