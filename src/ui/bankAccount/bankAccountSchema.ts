import * as yup from 'yup';
import type { AddBankAccountRequest, Bank } from '@/api';

export type BankAccountValues = Partial<AddBankAccountRequest>;

/** Messages are i18n keys. The account number length depends on the chosen bank, so the schema takes the banks. */
export function bankAccountSchema(banks: readonly Bank[]) {
  return yup.object({
    bank: yup.string().required('money:bank.errors.bankRequired'),
    // Spaces around the number (a copied number often has them) are dropped; spaces inside it are not
    // digits, and the player is asked to remove them rather than the app guessing.
    accountNumber: yup
      .string()
      .trim()
      .required('money:bank.errors.accountNumberRequired')
      .matches(/^\d+$/, 'money:bank.errors.accountNumberDigits')
      .test('length-for-bank', 'money:bank.errors.accountNumberLength', (value, context) => {
        const bank = banks.find((b) => b.code === context.parent.bank);
        return !bank || !value || bank.accountNumberLength.includes(value.length);
      }),
    accountName: yup.string().trim().required('money:bank.errors.accountNameRequired'),
    // THB and USD are listed because players look for them; the server accepts LAK only (docs/player-site.md §5).
    currency: yup
      .string()
      .required('money:bank.errors.currencyRequired')
      .oneOf(['LAK'], 'money:bank.errors.currencyOnlyLak'),
  });
}
