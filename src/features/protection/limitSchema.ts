import * as yup from 'yup';
import type { LimitKind, LimitPeriod } from '@/api';
import { LIMIT_RANGE, PERIODS_OF } from '@core/protectionRules';

export interface LimitValues {
  kind?: LimitKind;
  period?: LimitPeriod;
  /** LAK or minutes as typed: whole numbers only. */
  amount?: string;
}

/** The limit form's rules, the contract's bounds; the server checks them again. */
export const limitSchema = yup.object({
  kind: yup.string().required('protection:limits.errors.kindRequired'),
  period: yup
    .string()
    .required('protection:limits.errors.periodRequired')
    .test('period', 'protection:limits.errors.periodRequired', (value, context) => {
      const kind = (context.parent as LimitValues).kind;
      return !kind || PERIODS_OF[kind].includes(value as LimitPeriod);
    }),
  amount: yup
    .string()
    .required('protection:limits.errors.amountRequired')
    .matches(/^[0-9]+$/, 'protection:limits.errors.amountFormat')
    .test('range', 'protection:limits.errors.amountRange', (value, context) => {
      const kind = (context.parent as LimitValues).kind;
      if (!kind || !value) return true;
      const n = Number(value);
      return n >= LIMIT_RANGE[kind].min && n <= LIMIT_RANGE[kind].max;
    }),
});
