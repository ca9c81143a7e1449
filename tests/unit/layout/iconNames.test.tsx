import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order, SessionList } from '@/api';
import { testPlayer } from '../msw/fakeState';
import { testBankAccount, testBanks, testCurrencies, testOrder, testPromotions } from '../msw/moneyHandlers';
import { apiPath } from '../msw/respond';
import { renderApp } from '../renderApp';

const player = { player: testPlayer };
const NO_CREDIT = { alphabet: '0.00', askmebet: '0.00', gclub: '0.00', gclub_live: '0.00' };

/**
 * Icons a screen reader would read out in English: antd's icons name themselves after their shape
 * ("left", "info-circle", "close-circle"). An icon is hidden from screen readers or named in the page's
 * language.
 */
function iconsNamedInEnglish(): string[] {
  return [...document.querySelectorAll('[role=img][aria-label], .anticon[aria-label]')]
    .filter((icon) => !icon.closest('[aria-hidden=true]'))
    .map((icon) => icon.getAttribute('aria-label') ?? '')
    .filter((label) => /^[a-z]+(-[a-z]+)*$/.test(label));
}

function orders(count: number): Order[] {
  return Array.from({ length: count }, (_, i) =>
    testOrder({ code: `D26112200${String(i + 10).padStart(2, '0')}ABCD`, status: 'SUCCESS' }),
  );
}

describe('icons, as a screen reader meets them', () => {
  it("names the search's clear button in the page's language", async () => {
    const { user } = renderApp('/games/alphabet');
    await user.type(await screen.findByRole('searchbox', { name: 'ຊອກຫາເກມ' }), 'naga');
    expect(screen.getByRole('button', { name: 'ລຶບຄຳຄົ້ນຫາ' })).toBeInTheDocument();
    expect(iconsNamedInEnglish()).toEqual([]);
  });

  it('hides the icons of alerts and results, whose text says what they mean', async () => {
    renderApp('/player/game/askmebet/play/amb-slot-001', { state: { ...player, credits: NO_CREDIT } });
    await within(await screen.findByRole('dialog')).findByRole('alert');
    expect(iconsNamedInEnglish()).toEqual([]);
  });

  it("hides the icon of a time-out's banner, drawn above every player page", async () => {
    const restriction = {
      kind: 'TIME_OUT' as const,
      startsAt: '2026-11-22T00:00:00.000Z',
      endsAt: '2026-11-23T00:00:00.000Z',
    };
    renderApp('/player/withdraw/history', { state: { ...player, restriction } });
    expect(await screen.findByText(/ທ່ານກຳລັງພັກການຫຼິ້ນຮອດ/)).toBeInTheDocument();
    expect(document.querySelector('.ant-alert-icon')).not.toBeNull();
    expect(iconsNamedInEnglish()).toEqual([]);
  });

  it('hides the not-found page’s icon', async () => {
    renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'ບໍ່ພົບໜ້າທີ່ທ່ານຊອກຫາ' });
    expect(iconsNamedInEnglish()).toEqual([]);
  });

  it('names the pager’s arrows in the page’s language, on a phone', async () => {
    renderApp('/player/deposit/history', { state: { ...player, deposits: orders(25) }, width: 360 });
    expect(await screen.findByRole('button', { name: 'ໜ້າຕໍ່ໄປ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ໜ້າກ່ອນ' })).toBeInTheDocument();
    expect(iconsNamedInEnglish()).toEqual([]);
  });

  it('names the pager’s arrows in the table too', async () => {
    renderApp('/player/deposit/history', { state: { ...player, deposits: orders(25) } });
    expect(await screen.findByRole('button', { name: 'ໜ້າຕໍ່ໄປ' })).toBeInTheDocument();
    expect(iconsNamedInEnglish()).toEqual([]);
  });

  it("hides the payout's ticks for the stages done", async () => {
    const processing: Order = {
      ...testOrder({ code: 'W2611270001ABCD', kind: 'WITHDRAW' }),
      payout: { automatic: true, stage: 'PROCESSING' },
    };
    renderApp('/player/withdraw', {
      state: {
        ...player,
        banks: testBanks,
        currencies: testCurrencies,
        bankAccounts: [testBankAccount],
        promotions: testPromotions,
        withdraws: [processing],
      },
    });
    const stages = await screen.findByRole('group', { name: 'ຂັ້ນຕອນການຈ່າຍເງິນ' });
    expect(stages.querySelector('.ant-steps-item-icon-finish')).not.toBeNull();
    expect(iconsNamedInEnglish()).toEqual([]);
  });

  it('hides the icon of a confirmation', async () => {
    const device = { address: '203.0.113.7', loginAt: '2026-11-22T07:00:00.000Z' };
    const sessions: SessionList = {
      previousLoginAt: '2026-11-20T07:00:00.000Z',
      sessions: [
        {
          ...device,
          id: 'S-4F2A9C1B7D',
          device: 'Chrome · Android',
          lastSeenAt: device.loginAt,
          current: true,
        },
        {
          ...device,
          id: 'S-0A1B2C3D4E',
          device: 'Safari · iPhone',
          lastSeenAt: device.loginAt,
          current: false,
        },
      ],
    };
    const { user } = renderApp('/player/sessions', {
      state: player,
      handlers: [http.get(apiPath('/v2/players/sessions'), () => HttpResponse.json(sessions))],
    });
    await user.click(await screen.findByRole('button', { name: 'ສິ້ນສຸດເຊດຊັນອື່ນທັງໝົດ' }));
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    expect(iconsNamedInEnglish()).toEqual([]);
  });

  it('hides the icons of the rewards page', async () => {
    renderApp('/player/rewards', { state: player });
    await screen.findByText('ຮອບນີ້ທ່ານໄດ້ກຳໄລ: ບໍ່ມີເງິນຄືນ.');
    expect(document.querySelector('.ant-alert-icon')).not.toBeNull();
    expect(iconsNamedInEnglish()).toEqual([]);
  });
});
