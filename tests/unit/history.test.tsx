import { screen, within } from '@testing-library/react';
import type { Order, OrderStatus } from '@/api';
import { formatDate } from '@/lib/format';
import { testPlayer } from './msw/fakeState';
import { testOrder } from './msw/moneyHandlers';
import { renderApp } from './renderApp';

const STATUSES: Array<[OrderStatus, string, string | null]> = [
  ['OPEN', 'ລໍຖ້າ', null],
  ['PAID', 'ຊຳລະແລ້ວ', 'ant-tag-gold'],
  ['SUCCESS', 'ສຳເລັດ', 'ant-tag-green'],
  ['CANCELED', 'ຍົກເລີກແລ້ວ', 'ant-tag-red'],
  ['FAILED', 'ລົ້ມເຫຼວ', 'ant-tag-red'],
  ['REJECTED', 'ຖືກປະຕິເສດ', null],
];

function orders(kind: Order['kind'], count: number): Order[] {
  return Array.from({ length: count }, (_, i) =>
    testOrder({
      kind,
      code: `${kind === 'DEPOSIT' ? 'D' : 'W'}26112200${String(i + 10).padStart(2, '0')}ABCD`,
      status: STATUSES[i % STATUSES.length]![0],
      createdAt: new Date(Date.UTC(2026, 10, 22, 7, i)).toISOString(),
    }),
  );
}

describe('/player/deposit/history', () => {
  it('shows each order with code, date, provider, amount, credit and a coloured status', async () => {
    const deposits = orders('DEPOSIT', 6);
    renderApp('/player/deposit/history', { state: { player: testPlayer, deposits } });
    const table = await screen.findByRole('table');
    const first = (await within(table).findByText(deposits[0]!.code)).closest('tr') as HTMLElement;
    expect(first).toHaveTextContent(formatDate(deposits[0]!.createdAt));
    expect(first).toHaveTextContent(/^.*Alphabet.*100\.000 LAK.*153,84 THB/);

    for (const [status, label, colour] of STATUSES) {
      const row = within(table)
        .getByText(deposits.find((o) => o.status === status)!.code)
        .closest('tr') as HTMLElement;
      const tag = within(row).getByText(label);
      if (colour) expect(tag).toHaveClass(colour);
      else expect(tag.className).not.toMatch(/ant-tag-(gold|green|red)/);
    }
  });

  it('says why a late payment was not credited and where its way back to the bank stands', async () => {
    const returned = testOrder({
      code: 'D2611220099RTRN',
      status: 'REJECTED',
      paidAfterClose: true,
      returned: { reason: 'DEPOSIT_LIMIT_EXCEEDED', stage: 'PROCESSING' },
    });
    renderApp('/player/deposit/history', { state: { player: testPlayer, deposits: [returned] } });
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText(returned.code)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('ຈະເກີນຂີດຈຳກັດການຝາກຂອງທ່ານ');
    expect(row).toHaveTextContent('ກຳລັງສົ່ງເງິນຄືນ.');
  });

  it('tells the player, in Lao, why staff rejected a withdrawal', async () => {
    const rejected = testOrder({
      kind: 'WITHDRAW',
      code: 'W2611220099RJCT',
      status: 'REJECTED',
      rejectReason: 'NAME_MISMATCH',
    });
    renderApp('/player/withdraw/history', { state: { player: testPlayer, withdraws: [rejected] } });
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText(rejected.code)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('ຊື່ເຈົ້າຂອງບັນຊີທະນາຄານບໍ່ກົງກັບຊື່ຂອງທ່ານ');
  });

  it('pages through the history', async () => {
    const deposits = orders('DEPOSIT', 12);
    const { user, state } = renderApp('/player/deposit/history', { state: { player: testPlayer, deposits } });
    const table = await screen.findByRole('table');
    // Newest first: the twelfth order leads page 1, the first two are on page 2.
    expect(await within(table).findByText(deposits[11]!.code)).toBeInTheDocument();
    expect(within(table).queryByText(deposits[0]!.code)).not.toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    expect(await within(table).findByText(deposits[0]!.code)).toBeInTheDocument();
    expect(within(table).getByText(deposits[1]!.code)).toBeInTheDocument();
    expect(within(table).queryByText(deposits[11]!.code)).not.toBeInTheDocument();
    expect(state.requests.filter((r) => r === 'GET /v2/deposits')).toHaveLength(2);
  });

  it('says when there is nothing yet', async () => {
    renderApp('/player/deposit/history', { state: { player: testPlayer } });
    expect(await screen.findByText('ຍັງບໍ່ມີລາຍການ')).toBeInTheDocument();
  });

  it('shows cards instead of a table on a phone', async () => {
    const deposits = orders('DEPOSIT', 3);
    renderApp('/player/deposit/history', { state: { player: testPlayer, deposits }, width: 390 });
    expect(await screen.findByText(deposits[2]!.code)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('ສຳເລັດ')).toHaveClass('ant-tag-green');
  });
});

describe('/player/withdraw/history', () => {
  it('shows the withdraw orders with their status', async () => {
    const withdraws = orders('WITHDRAW', 3);
    renderApp('/player/withdraw/history', { state: { player: testPlayer, withdraws } });
    expect(await screen.findByRole('heading', { level: 1, name: 'ປະຫວັດການຖອນ' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText(withdraws[1]!.code)).toBeInTheDocument();
    expect(within(table).getByText('ຊຳລະແລ້ວ')).toHaveClass('ant-tag-gold');
  });
});
