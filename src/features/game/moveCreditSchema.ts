import * as yup from 'yup';
import type { Provider } from '@/api';
import { parseThbToSatang } from '@core/money';

export interface MoveCreditValues {
  to?: Provider;
  /** Baht as typed, e.g. '50.25'. */
  amount?: string;
}

/** The credit at the source provider bounds the amount; the server checks it again when it moves. */
export function moveCreditSchema(credit: number) {
  const satang = (value: string | undefined) => (value ? parseThbToSatang(value) : null);
  return yup.object({
    to: yup.string().required('layout:game.move.errors.toRequired'),
    amount: yup
      .string()
      .required('layout:game.move.errors.amountRequired')
      .test('baht', 'layout:game.move.errors.amountFormat', (value) => (satang(value) ?? -1) > 0)
      .test('credit', 'layout:game.move.errors.creditNotEnough', (value) => (satang(value) ?? 0) <= credit),
  });
}
