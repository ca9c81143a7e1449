import { screen, within } from '@testing-library/react';
import { testBanks } from './msw/moneyHandlers';

/**
 * The banks of a form as one-tap choices side by side (the bank account and deposit forms alike): every
 * bank, in order, none chosen yet, and no picker instead.
 */
export function expectBankTilesUnchosen(groupName: string): void {
  const radios = within(screen.getByRole('radiogroup', { name: groupName })).getAllByRole('radio');
  expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(
    testBanks.map((bank) => bank.name),
  );
  expect(radios.filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
  expect(screen.queryByRole('combobox', { name: groupName })).not.toBeInTheDocument();
}
