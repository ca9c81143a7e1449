import { withdrawLimits } from '@core/promotionLimits';
import {
  checkWithdraw,
  type PromotionTerms,
  type UsageInForce,
} from '../src/domain/promotions/promotionRules';

/** The spec's promotion withdrawal rules (§5, §9) as the pure rules decide them. */

const terms: PromotionTerms = {
  id: 'p',
  status: 'ACTIVE',
  depositAmount: 100_000,
  bonusPercent: 20,
  maxBonusCredit: 5_000,
  turnover: 0,
  firstOrderOnly: false,
  withdrawAll: false,
  creditThreshold: 1_000,
  oneTime: true,
  maxPayoutPercent: 200,
  minWithdrawCredit: 0,
};
const usage: UsageInForce = {
  id: 'u',
  status: 'USED',
  provider: 'alphabet',
  depositCredit: 10_000,
  bonusCredit: 2_000,
  turnoverDone: 0,
};

const decide = (credit: number, providerCredit: number, over: Partial<PromotionTerms> = {}) =>
  checkWithdraw(
    withdrawLimits(usage, { ...terms, ...over }, 'alphabet', providerCredit),
    credit,
    providerCredit,
  );

describe('withdrawing under a promotion', () => {
  it('needs credit above the promotion credit (deposit credit + bonus), and the promotion’s own minimum', () => {
    expect(() => decide(12_000, 12_000)).toThrow(expect.objectContaining({ code: 'PROMOTION_MIN_CREDIT' }));
    expect(decide(12_001, 12_001).endsUsage).toBe(true);
    expect(() => decide(15_000, 15_000, { minWithdrawCredit: 20_000 })).toThrow(
      expect.objectContaining({
        code: 'PROMOTION_MIN_CREDIT',
        details: [
          { field: 'minCredit', message: '20000' },
          { field: 'credit', message: '15000' },
        ],
      }),
    );
  });

  it('deducts the bonus and returns what is above the maximum received credit (a percentage of it)', () => {
    // Maximum: 200 % of 12,000 = 24,000. 30,000 withdrawn: 6,000 above it, and the 2,000 bonus, go back.
    expect(decide(30_000, 30_000).returnedCredit).toBe(8_000);
    // Within the maximum only the bonus goes back.
    expect(decide(15_000, 20_000).returnedCredit).toBe(2_000);
    expect(withdrawLimits(usage, terms, 'alphabet', 30_000)).toMatchObject({
      receivedCredit: 2_000,
      returnedCredit: 8_000,
      maxCredit: 24_000,
      minCredit: 12_001,
    });
  });

  it('asks for turnover only where the promotion sets one', () => {
    expect(decide(13_000, 13_000, { turnover: 0 }).endsUsage).toBe(true);
    expect(() => decide(13_000, 13_000, { turnover: 2 })).toThrow(
      expect.objectContaining({ code: 'PROMOTION_TURNOVER_NOT_MET' }),
    );
  });

  it('limits nothing before the qualifying deposit, nor at another provider', () => {
    const active = { ...usage, status: 'ACTIVE' as const };
    expect(checkWithdraw(withdrawLimits(active, terms, 'alphabet', 100), 100, 100)).toEqual({
      returnedCredit: 0,
      endsUsage: false,
    });
    expect(checkWithdraw(withdrawLimits(usage, terms, 'gclub', 100), 100, 100).returnedCredit).toBe(0);
  });
});
