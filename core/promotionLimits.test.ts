import {
  limitsReadCredit,
  withdrawLimits,
  type TermsLimitFacts,
  type UsageLimitFacts,
} from './promotionLimits';

const terms: TermsLimitFacts = {
  withdrawAll: true,
  turnover: 3,
  maxPayoutPercent: 500,
  minWithdrawCredit: 0,
};
const usage = (status: UsageLimitFacts['status'], provider: string): UsageLimitFacts => ({
  status,
  provider,
  depositCredit: 10_000,
  bonusCredit: 3_000,
  turnoverDone: 0,
});

describe('the limits on a withdrawal read the provider credit', () => {
  const cases = [
    { name: 'no promotion', usage: undefined, terms: undefined },
    { name: 'a claimed promotion waiting for its deposit', usage: usage('ACTIVE', 'alphabet'), terms },
    { name: 'a credited promotion at another provider', usage: usage('USED', 'gclub'), terms },
    { name: 'a credited promotion at this provider', usage: usage('USED', 'alphabet'), terms },
  ];

  it.each(cases)('exactly when limitsReadCredit says so: $name', ({ usage: u, terms: t }) => {
    // A credit far above the maximum returns more than a small one, whenever the credit is read at all.
    const dependsOnCredit =
      JSON.stringify(withdrawLimits(u, t, 'alphabet', 1_000)) !==
      JSON.stringify(withdrawLimits(u, t, 'alphabet', 10_000_000));
    expect(limitsReadCredit(u, t, 'alphabet')).toBe(dependsOnCredit);
  });
});
