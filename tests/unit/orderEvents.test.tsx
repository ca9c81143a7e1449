import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Order } from '@/api';
import { PAYMENT_POLL_MS } from '@/features/deposit/DepositDialog';
import { FakeEventSource, installFakeEventSource } from './fakeEventSource';
import { testPlayer } from './msw/fakeState';
import { testBankAccount, testBanks, testCurrencies, testOrder } from './msw/moneyHandlers';
import { findStatusSaying } from './findStatus';
import { renderApp } from './renderApp';

/**
 * Live order events (GET /v2/players/events): the app holds one EventSource per signed-in session and the
 * pages follow what the server pushes. jsdom has no EventSource, so a fake plays the server's side.
 */
installFakeEventSource();

const player = {
  player: testPlayer,
  banks: testBanks,
  currencies: testCurrencies,
  bankAccounts: [testBankAccount],
};

async function openDialog(user: UserEvent) {
  await screen.findByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' });
  await user.click(screen.getByRole('radio', { name: 'Alphabet' }).closest('label') as HTMLElement);
  await user.click(screen.getByLabelText('ຈຳນວນເງິນ (LAK)'));
  await user.paste('100000');
  await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
  return screen.findByRole('dialog', { name: 'ສະແກນ QR ເພື່ອຊຳລະ' });
}

/** The server's side of a payment: the fake order is credited, and the stream pushes it. */
function paid(order: Order, credits: Record<string, string>): Order {
  order.status = 'SUCCESS';
  credits[order.provider] = '307.68';
  return { ...order };
}

/** The dialog's next read of the open deposits, without waiting for it in real time. */
async function nextPoll() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
  });
}

afterEach(() => jest.useRealTimers());

describe('live order events', () => {
  it('opens one stream for the signed-in player, with the session cookie', async () => {
    renderApp('/player/deposit', { state: player });
    await screen.findByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.current().url).toMatch(/\/api\/v2\/players\/events$/);
    expect(FakeEventSource.current().init).toEqual({ withCredentials: true });
  });

  it('the dialog shows the success view by itself when the payment is pushed, without Check', async () => {
    const { user, state } = renderApp('/player/deposit', { state: player });
    const dialog = await openDialog(user);
    act(() => FakeEventSource.current().open());
    expect(within(dialog).getByText('ກຳລັງລໍຖ້າການຊຳລະ: ໜ້ານີ້ຈະອັບເດດເອງເມື່ອຊຳລະແລ້ວ.')).toBeInTheDocument();

    act(() => FakeEventSource.current().pushOrder(paid(state.deposits[0]!, state.credits)));
    expect(await screen.findByRole('dialog', { name: 'ໄດ້ຮັບເງິນຝາກແລ້ວ' })).toBeInTheDocument();
    expect(within(dialog).getByText('ຝາກເງິນສຳເລັດ')).toBeInTheDocument();
    expect(within(dialog).getByText('ເພີ່ມເຄຣດິດ 153,84 THB ແລ້ວ')).toBeInTheDocument();
    expect(state.requests.filter((r) => r.endsWith('/check'))).toEqual([]);
    // The toast says it too, and the credit is read again.
    expect(
      await screen.findByText('ເພີ່ມເຄຣດິດ 153,84 THB ແລ້ວ (ລາຍການ ' + state.deposits[0]!.code + ')'),
    ).toBeInTheDocument();
  });

  it('a deposit paid after the dialog was closed shows a toast and refreshes the credit', async () => {
    const { user, state } = renderApp('/player/deposit', { state: player });
    const dialog = await openDialog(user);
    act(() => FakeEventSource.current().open());
    await user.click(within(dialog).getByRole('button', { name: 'ປິດ' }));
    await user.click(await screen.findByRole('button', { name: 'ປິດໂດຍບໍ່ກວດສອບ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const creditReads = () => state.requests.filter((r) => r.startsWith('GET /v2/players/credits')).length;
    const before = creditReads();

    act(() => FakeEventSource.current().pushOrder(paid(state.deposits[0]!, state.credits)));
    const toast = await findStatusSaying('ໄດ້ຮັບເງິນຝາກແລ້ວ');
    expect(toast).toHaveTextContent('ເພີ່ມເຄຣດິດ 153,84 THB ແລ້ວ');
    await waitFor(() => expect(creditReads()).toBeGreaterThan(before));
    // The open order is gone: the form is offered again.
    expect(await screen.findByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' })).toBeInTheDocument();
    // The same order pushed again (a reconnect) is no news.
    act(() => FakeEventSource.current().pushOrder({ ...state.deposits[0]! }));
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('an open withdrawal shows its payout stage as steps, moved by the pushed events', async () => {
    const withdrawal = testOrder({
      code: 'W2611220001ABCD',
      kind: 'WITHDRAW',
      credit: 10_000,
      amount: 64_000,
      payout: { automatic: true, stage: 'RECEIVED' },
    });
    renderApp('/player/withdraw', { state: { ...player, withdraws: [withdrawal] } });
    const steps = await screen.findByLabelText('ຂັ້ນຕອນການຈ່າຍເງິນ');
    expect(within(steps).getByText('ໄດ້ຮັບຄຳຂໍແລ້ວ')).toBeInTheDocument();
    expect(screen.getByText('ຈ່າຍອັດຕະໂນມັດ')).toBeInTheDocument();
    const currentStep = () => steps.querySelector('[aria-current="step"]');
    expect(currentStep()).toHaveTextContent('ໄດ້ຮັບຄຳຂໍແລ້ວ');

    act(() => {
      FakeEventSource.current().open();
      FakeEventSource.current().pushOrder({
        ...withdrawal,
        payout: { automatic: true, stage: 'PROCESSING' },
      });
    });
    await waitFor(() => expect(currentStep()).toHaveTextContent('ກຳລັງໂອນ'));

    withdrawal.status = 'SUCCESS';
    withdrawal.payout = { automatic: true, stage: 'PAID' };
    act(() => FakeEventSource.current().pushOrder({ ...withdrawal }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('ໂອນແລ້ວ'));
    // Paid: it left the open list on the server, and stays shown here as paid.
    expect(screen.getByText('W2611220001ABCD')).toBeInTheDocument();
  });

  it('without a working stream the dialog polls the open deposits and notices the payment', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { user, state } = renderApp('/player/deposit', { state: player });
    const dialog = await openDialog(user);
    // The stream keeps failing: the app gives it up.
    act(() => {
      for (let i = 0; i < 3; i++) FakeEventSource.current().fail();
    });
    expect(FakeEventSource.instances.every((s) => s.readyState === FakeEventSource.CLOSED)).toBe(true);

    paid(state.deposits[0]!, state.credits); // the bank's callback arrived; no event will say so
    await nextPoll();
    expect(await screen.findByRole('dialog', { name: 'ໄດ້ຮັບເງິນຝາກແລ້ວ' })).toBe(dialog);
    expect(within(dialog).getByText('ເພີ່ມເຄຣດິດ 153,84 THB ແລ້ວ')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a browser without EventSource polls from the start', async () => {
    delete (window as { EventSource?: unknown }).EventSource;
    jest.useFakeTimers({ advanceTimers: true });
    const { user, state } = renderApp('/player/deposit', { state: player });
    const dialog = await openDialog(user);
    paid(state.deposits[0]!, state.credits);
    await nextPoll();
    await within(dialog).findByText('ຝາກເງິນສຳເລັດ');
  });

  it('closes the stream when the player logs out', async () => {
    const { user } = renderApp('/player/deposit', { state: player });
    await screen.findByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' });
    const source = FakeEventSource.current();
    await user.click(screen.getByRole('button', { name: /somchai_88/ }));
    await user.click(screen.getByRole('menuitem', { name: 'ອອກຈາກລະບົບ' }));
    await waitFor(() => expect(source.readyState).toBe(FakeEventSource.CLOSED));
  });
});
