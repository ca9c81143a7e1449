import { promotionBonus } from './bonus';

describe('promotionBonus', () => {
  it('is the percentage of the credit, rounded down, up to the maximum', () => {
    expect(promotionBonus(15_384, { bonusPercent: 20, maxBonusCredit: 50_000 })).toBe(3_076);
    expect(promotionBonus(15_389, { bonusPercent: 10, maxBonusCredit: 20_000 })).toBe(1_538);
    expect(promotionBonus(1_000_000, { bonusPercent: 50, maxBonusCredit: 30_000 })).toBe(30_000);
    expect(promotionBonus(0, { bonusPercent: 20, maxBonusCredit: 50_000 })).toBe(0);
  });
});
