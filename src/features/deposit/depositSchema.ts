import * as yup from 'yup';
import { parseTypedKip } from '@core/money';

export interface DepositValues {
  provider?: string;
  mid?: string;
  bank?: string;
  /** Whole kip as typed. */
  amount?: string;
}

interface DepositRules {
  min: number;
  max: number;
  /** While a promotion is in use the deposit must be exactly its amount (docs/player-site.md §5). */
  promotionAmount?: number;
}

export function depositSchema({ min, max, promotionAmount }: DepositRules) {
  const amount = yup
    .number()
    // As the player types it: '100.000' as the site writes it, or '100000'; anything else is no whole kip.
    .transform((_value, original: unknown) =>
      original === '' || original === undefined ? undefined : (parseTypedKip(String(original)) ?? Number.NaN),
    )
    .typeError('money:deposit.errors.amountWholeKip')
    .required('money:deposit.errors.amountRequired')
    .integer('money:deposit.errors.amountWholeKip')
    .min(min, 'money:deposit.errors.amountOutOfRange')
    .max(max, 'money:deposit.errors.amountOutOfRange');
  return yup.object({
    provider: yup.string().required('money:deposit.errors.providerRequired'),
    mid: yup.string().required('money:deposit.errors.midRequired'),
    bank: yup.string().required('money:deposit.errors.bankRequired'),
    amount:
      promotionAmount === undefined
        ? amount
        : amount.oneOf([promotionAmount], 'money:deposit.errors.promotionAmount'),
  });
}
