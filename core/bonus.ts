/** The part of a promotion's terms that prices its bonus. */
export interface BonusTerms {
  /** Percentage of the deposited credit. */
  bonusPercent: number;
  /** THB satang. */
  maxBonusCredit: number;
}

/**
 * The bonus a promotion's qualifying deposit adds, THB satang: bonusPercent of the credit the deposit
 * buys, rounded down (in the house's favour), at most maxBonusCredit. The server credits it
 * (server/src/domain/money/payments.ts); the deposit form previews it with the same function.
 */
export function promotionBonus(creditSatang: number, terms: BonusTerms): number {
  return Math.min(Math.floor((creditSatang * terms.bonusPercent) / 100), terms.maxBonusCredit);
}
