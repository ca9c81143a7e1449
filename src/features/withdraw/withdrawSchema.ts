import * as yup from 'yup';
import { parseTypedBaht } from '@core/money';

export interface WithdrawValues {
  /** Baht as typed, e.g. '100,50' as the site writes it, or '100.50'. */
  amount?: string;
}

interface WithdrawRules {
  /** Bounds in satang from the agency limits. */
  min: number;
  max: number;
  /** The provider's credit in satang. */
  credit: number;
  /** A promotion in use that requires withdrawing the whole credit. */
  withdrawAll: boolean;
}

export function withdrawSchema({ min, max, credit, withdrawAll }: WithdrawRules) {
  const satang = (value: string | undefined) => (value ? parseTypedBaht(value) : null);
  return yup.object({
    amount: yup
      .string()
      .required('money:withdraw.errors.amountRequired')
      .test('baht', 'money:withdraw.errors.amountFormat', (value) => (satang(value) ?? -1) > 0)
      .test('range', 'money:withdraw.errors.amountOutOfRange', (value) => {
        const amount = satang(value);
        return amount === null || (amount >= min && amount <= max);
      })
      .test('credit', 'money:withdraw.errors.creditNotEnough', (value) => (satang(value) ?? 0) <= credit)
      .test('all', 'money:withdraw.errors.withdrawAll', (value) => !withdrawAll || satang(value) === credit),
  });
}
