import type { components } from './contract';

/**
 * What a promotion in use lets a player withdraw (docs/promotions.md, "Withdrawing"; spec §5 and §9): one
 * rule for the server (domain/promotions/promotionRules.ts) and the web tests' fake API alike. Pure; amounts in THB
 * satang.
 */

/** The facts of a usage in force the limits need: ACTIVE = claimed, waiting for its deposit; USED = credited. */
export interface UsageLimitFacts {
  status: 'ACTIVE' | 'USED';
  provider: string;
  depositCredit: number;
  bonusCredit: number;
  /** Stakes placed at the provider since the claim. */
  turnoverDone: number;
}

/** The promotion's terms the limits need. */
export interface TermsLimitFacts {
  withdrawAll: boolean;
  /** Turnover multiple: stakes of turnover × (deposit credit + bonus) before a withdrawal. */
  turnover: number;
  maxPayoutPercent: number;
  /** A withdrawal needs at least this credit at the provider. */
  minWithdrawCredit: number;
}

/** The credit that must be staked before a withdrawal: turnover × (deposit credit + bonus). */
export function turnoverRequired(
  usage: Pick<UsageLimitFacts, 'depositCredit' | 'bonusCredit'>,
  turnover: number,
) {
  return turnover * (usage.depositCredit + usage.bonusCredit);
}

/**
 * The contract's WithdrawPromotionInfo (what the player is told; its fields are described in openapi.yaml),
 * with the turnover the server checks a withdrawal against.
 */
export type WithdrawLimits = components['schemas']['WithdrawPromotionInfo'] & {
  /** Stakes needed before a withdrawal: turnover × (deposit credit + bonus); 0 when the promotion asks none. */
  turnoverRequired: number;
  /** Stakes placed since the claim. */
  turnoverDone: number;
};

export const NO_PROMOTION_LIMITS: WithdrawLimits = {
  hasPromotion: false,
  withdrawAll: false,
  receivedCredit: 0,
  returnedCredit: 0,
  maxCredit: 0,
  minCredit: 0,
  turnoverRequired: 0,
  turnoverDone: 0,
};

/** Credit returned by a withdrawal of `credit`: the part above maxCredit, then the bonus, never more than all. */
export function returnedOf(credit: number, maxCredit: number, bonus: number): number {
  return Math.min(credit, Math.max(0, credit - maxCredit) + bonus);
}

/**
 * Whether withdrawLimits reads the provider's credit: only a credited (USED) usage at that provider returns
 * part of it. A caller without one need not ask the provider.
 */
export function limitsReadCredit(
  usage: Pick<UsageLimitFacts, 'status' | 'provider'> | undefined,
  terms: TermsLimitFacts | undefined,
  provider: string,
): boolean {
  return usage !== undefined && terms !== undefined && usage.provider === provider && usage.status === 'USED';
}

/** Limits on withdrawing from `provider` while `usage` is in force. Only a USED usage limits anything. */
export function withdrawLimits(
  usage: UsageLimitFacts | undefined,
  terms: TermsLimitFacts | undefined,
  provider: string,
  providerCredit: number,
): WithdrawLimits {
  if (!usage || !terms || usage.provider !== provider) return NO_PROMOTION_LIMITS;
  if (usage.status !== 'USED')
    return { ...NO_PROMOTION_LIMITS, hasPromotion: true, withdrawAll: terms.withdrawAll };
  const base = usage.depositCredit + usage.bonusCredit;
  const maxCredit = Math.floor((base * terms.maxPayoutPercent) / 100);
  return {
    hasPromotion: true,
    withdrawAll: terms.withdrawAll,
    receivedCredit: usage.bonusCredit,
    returnedCredit: returnedOf(providerCredit, maxCredit, usage.bonusCredit),
    maxCredit,
    minCredit: Math.max(base + 1, terms.minWithdrawCredit),
    turnoverRequired: turnoverRequired(usage, terms.turnover),
    turnoverDone: usage.turnoverDone,
  };
}
