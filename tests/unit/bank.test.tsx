import type { ErrorCode } from '@/api';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { testPlayer } from './msw/fakeState';
import { testBankAccount, testBanks } from './msw/moneyHandlers';
import { expectBankTilesUnchosen } from './bankTiles';
import { renderApp } from './renderApp';

const player = { player: testPlayer, banks: testBanks };

/** A one-tap choice: antd draws its own radio, the player taps its label. */
async function pick(user: UserEvent, name: string) {
  await user.click(screen.getByRole('radio', { name }).closest('label') as HTMLElement);
}

async function fillAccount(user: UserEvent, accountNumber = '0101000999999') {
  await screen.findByRole('button', { name: 'ບັນທຶກບັນຊີ' });
  await pick(user, 'BCEL');
  // Pasting is one change event: typing re-renders the whole app per key, which is slow here.
  await user.click(screen.getByLabelText('ເລກບັນຊີ'));
  await user.paste(accountNumber);
  await user.click(screen.getByLabelText('ຊື່ບັນຊີ'));
  await user.paste('SOMCHAI PHOMMAVONG');
}

describe('/player/bank', () => {
  it('shows the player their account', async () => {
    renderApp('/player/bank', { state: { ...player, bankAccounts: [testBankAccount] } });
    const card = await screen.findByText('ບັນຊີຂອງທ່ານ');
    const details = card.closest('.ant-card') as HTMLElement;
    expect(within(details).getByText('BCEL')).toBeInTheDocument();
    expect(within(details).getByText('0101000123456')).toBeInTheDocument();
    expect(within(details).getByText('SOMCHAI PHOMMAVONG')).toBeInTheDocument();
    expect(within(details).getByText('LAK')).toBeInTheDocument();
    expect(within(details).getByText('somchai_88')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ບັນທຶກບັນຊີ' })).not.toBeInTheDocument();
  });

  it('adds the one LAK account and then shows it', async () => {
    const { user, state } = renderApp('/player/bank', { state: player });
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກບັນຊີ' }));

    expect(await screen.findByText('ເພີ່ມບັນຊີທະນາຄານສຳເລັດແລ້ວ')).toBeInTheDocument();
    expect(await screen.findByText('ບັນຊີຂອງທ່ານ')).toBeInTheDocument();
    expect(screen.getByText('0101000999999')).toBeInTheDocument();
    expect(state.bankAccounts).toHaveLength(1);
    expect(state.requests).toContain('POST /v2/players/bank-accounts');
  });

  it('checks the fields before sending: bank, digits, length for the bank, name', async () => {
    const { user, state } = renderApp('/player/bank', { state: player });
    await user.click(await screen.findByRole('button', { name: 'ບັນທຶກບັນຊີ' }));
    expect(await screen.findByText('ກະລຸນາເລືອກທະນາຄານ')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາປ້ອນເລກບັນຊີ')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາປ້ອນຊື່ບັນຊີ')).toBeInTheDocument();
    // The banks are one-tap choices side by side, none chosen yet, and the group says what is missing.
    expectBankTilesUnchosen('ທະນາຄານ');

    await pick(user, 'JDB');
    expect(screen.getByRole('radio', { name: 'JDB' })).toBeChecked();
    expect(screen.queryByText('ກະລຸນາເລືອກທະນາຄານ')).not.toBeInTheDocument();
    expect(screen.getByText('ເລກບັນຊີ 16 ຕົວເລກ')).toBeInTheDocument();
    await user.type(screen.getByLabelText('ເລກບັນຊີ'), '12ab');
    expect(await screen.findByText('ເລກບັນຊີຕ້ອງເປັນຕົວເລກເທົ່ານັ້ນ')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('ເລກບັນຊີ'));
    await user.type(screen.getByLabelText('ເລກບັນຊີ'), '123456');
    expect(await screen.findByText('ຈຳນວນຕົວເລກຂອງເລກບັນຊີບໍ່ຖືກຕ້ອງສຳລັບທະນາຄານນີ້')).toBeInTheDocument();
    expect(state.requests).not.toContain('POST /v2/players/bank-accounts');
  });

  it('drops spaces around the account number instead of refusing it', async () => {
    const { user, state } = renderApp('/player/bank', { state: player });
    await fillAccount(user, '  0101000999999 ');
    // What the player typed stays on screen, unjudged.
    expect(screen.getByLabelText('ເລກບັນຊີ')).toHaveValue('  0101000999999 ');
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກບັນຊີ' }));
    expect(await screen.findByText('ເພີ່ມບັນຊີທະນາຄານສຳເລັດແລ້ວ')).toBeInTheDocument();
    expect(state.bankAccounts[0]?.accountNumber).toBe('0101000999999');
  });

  it('asks for digits only when spaces are inside the number', async () => {
    const { user, state } = renderApp('/player/bank', { state: player });
    await fillAccount(user, '0101 000 999999');
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກບັນຊີ' }));
    expect(await screen.findByText('ເລກບັນຊີຕ້ອງເປັນຕົວເລກເທົ່ານັ້ນ')).toBeInTheDocument();
    expect(state.requests).not.toContain('POST /v2/players/bank-accounts');
  });

  it('lists LAK, THB and USD but tells the player only LAK is accepted', async () => {
    const { user, state } = renderApp('/player/bank', { state: player });
    await fillAccount(user);
    expect(screen.getByRole('radio', { name: 'LAK' })).toBeChecked();
    // antd draws its own radio: the player clicks the label.
    await user.click(screen.getByText('USD'));
    expect(await screen.findByText('ຮັບສະເພາະບັນຊີສະກຸນເງິນກີບ (LAK) ເທົ່ານັ້ນ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກບັນຊີ' }));
    expect(state.requests).not.toContain('POST /v2/players/bank-accounts');
  });

  it('says when the number belongs to another player', async () => {
    const someoneElses = { ...testBankAccount, id: crypto.randomUUID(), owner: 'another_player' };
    const { user } = renderApp('/player/bank', { state: { ...player, bankAccounts: [someoneElses] } });
    await fillAccount(user, someoneElses.accountNumber);
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກບັນຊີ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ບັນຊີນີ້ຖືກໃຊ້ໃນລະບົບແລ້ວ, ກະລຸນາຕິດຕໍ່ພະນັກງານ');

    // The answer was about that number: once the player edits it, the alert goes.
    await user.clear(screen.getByLabelText('ເລກບັນຊີ'));
    await user.click(screen.getByLabelText('ເລກບັນຊີ'));
    await user.paste('0101000999999');
    expect(screen.queryByText('ບັນຊີນີ້ຖືກໃຊ້ໃນລະບົບແລ້ວ, ກະລຸນາຕິດຕໍ່ພະນັກງານ')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກບັນຊີ' }));
    expect(await screen.findByText('ເພີ່ມບັນຊີທະນາຄານສຳເລັດແລ້ວ')).toBeInTheDocument();
  });

  it.each<[ErrorCode, string]>([
    ['BANK_ACCOUNT_EXISTS', 'ບັນຊີນີ້ຖືກເພີ່ມແລ້ວ'],
    ['BANK_ACCOUNT_LIMIT', 'ທ່ານມີບັນຊີທະນາຄານໄດ້ພຽງບັນຊີດຽວ'],
    ['WALLET_ACCOUNT_NOT_ALLOWED', 'ບໍ່ອະນຸຍາດໃຫ້ໃຊ້ບັນຊີວໍເລັດ'],
    ['BANK_ACCOUNT_NUMBER_INVALID', 'ເລກບັນຊີບໍ່ຖືກຕ້ອງ'],
    ['CURRENCY_NOT_ALLOWED', 'ຮອງຮັບສະເພາະສະກຸນເງິນກີບ (LAK)'],
  ])('shows the refusal %s in Lao', async (code, message) => {
    const { user } = renderApp('/player/bank', {
      state: { ...player, failNext: { addBankAccount: { code } } },
    });
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກບັນຊີ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // The form stays, so the player can correct and retry.
    expect(screen.getByRole('button', { name: 'ບັນທຶກບັນຊີ' })).toBeInTheDocument();
  });
});
