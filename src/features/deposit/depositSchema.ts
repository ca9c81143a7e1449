import * as yup from 'yup';

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
    .transform((value, original) => (original === '' || original === undefined ? undefined : value))
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
