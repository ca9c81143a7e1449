import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { testAgency, testPlayer } from './msw/fakeState';
import { qrOf, testOrder } from './msw/moneyHandlers';
import { renderApp } from './renderApp';

const open = testOrder({ code: 'D2611220001ABCD', expiresAt: '2026-11-22T07:25:00.000Z' });

async function pasteQr(user: UserEvent, text: string) {
  await user.click(await screen.findByLabelText('ຂໍ້ຄວາມ QR'));
  await user.paste(text);
}

describe('/sandbox/bank', () => {
  it('reads a deposit QR and pays it', async () => {
    const { user, state } = renderApp('/sandbox/bank', { state: { deposits: [open] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'ທະນາຄານທົດສອບ' })).toBeInTheDocument();
    await pasteQr(user, qrOf(open).qrText);

    expect(screen.getByText('100.000 LAK')).toBeInTheDocument();
    expect(screen.getByText('D2611220001ABCD')).toBeInTheDocument();
    expect(screen.getByText('LAO STAR')).toBeInTheDocument();
    expect(screen.getByText('ຖືກຕ້ອງ')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ຊຳລະ' }));
    expect(await screen.findByText('ຊຳລະສຳເລັດ')).toBeInTheDocument();
    expect(state.deposits[0]?.status).toBe('PAID');
  });

  it('is open to a signed-in player too', async () => {
    renderApp('/sandbox/bank', { state: { player: testPlayer } });
    expect(await screen.findByRole('heading', { level: 1, name: 'ທະນາຄານທົດສອບ' })).toBeInTheDocument();
  });

  it('warns about text that is not a LAO QR and shows the bank’s refusal', async () => {
    const { user } = renderApp('/sandbox/bank', { state: { deposits: [open] } });
    await pasteQr(user, 'this is not a qr code at all');
    expect(screen.getByText('ນີ້ບໍ່ແມ່ນ LAO QR')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ຊຳລະ' }));
    expect(await screen.findByText('QR ບໍ່ຖືກຕ້ອງ')).toBeInTheDocument();
  });

  it.each([
    ['SANDBOX_DISABLED', { agency: { ...testAgency, sandbox: false }, deposits: [open] }, 'ທະນາຄານທົດລອງຖືກປິດ'],
    ['ORDER_NOT_FOUND', { deposits: [] }, 'ບໍ່ພົບລາຍການ'],
    ['ORDER_CLOSED', { deposits: [{ ...open, status: 'CANCELED' as const }] }, 'ລາຍການນີ້ປິດແລ້ວ'],
  ])('shows %s in Lao', async (_code, state, message) => {
    const { user } = renderApp('/sandbox/bank', { state });
    await pasteQr(user, qrOf(open).qrText);
    await user.click(screen.getByRole('button', { name: 'ຊຳລະ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
