import { DomainError } from '../../errors';
import { returnedOf, type WithdrawLimits } from '@core/promotionLimits';

/**
 * Every promotion rule, in one place. The functions are pure: callers gather the facts (in their
 * transaction) and these decide, throwing the catalogued error of the first rule broken. What a usage lets
 * the player withdraw is in core/promotionLimits.ts, shared with the web tests' fake API.
 */

export interface PromotionTerms {
  id: string;
  status: 'ACTIVE' | 'INACTIVE';
  depositAmount: number;
  bonusPercent: number;
  maxBonusCredit: number;
  turnover: number;
  firstOrderOnly: boolean;
  withdrawAll: boolean;
  creditThreshold: number;
  oneTime: boolean;
  maxPayoutPercent: number;
  /** Spec §9 "a minimum credit": a withdrawal needs at least this credit at the provider (THB satang). */
  minWithdrawCredit: number;
}

/** A usage in force: ACTIVE = claimed, waiting for its deposit; USED = deposit and bonus credited. */
export interface UsageInForce {
  id: string;
  status: 'ACTIVE' | 'USED';
  provider: string;
  depositCredit: number;
  bonusCredit: number;
  /** Stakes placed at the provider since the claim (its betsTotal as last read minus the one at claim). */
  turnoverDone: number;
}

/** Numbers a refusal carries for the player's message (the contract's Error.details: integers as text). */
function numbers(values: Record<string, number>) {
  return Object.entries(values).map(([field, value]) => ({ field, message: String(value) }));
}

export interface ClaimFacts {
  hasBankAccount: boolean;
  blocked: boolean;
  promotion: PromotionTerms | undefined;
  usageInForce: boolean;
  /** The player used this promotion before (a usage that got its deposit). */
  usedBefore: boolean;
  hasSuccessfulDeposit: boolean;
  hasOpenDeposit: boolean;
  /** The player's credit at the chosen provider now (satang). */
  providerCredit: number;
}

export function checkClaim(f: ClaimFacts): PromotionTerms {
  if (!f.hasBankAccount) throw new DomainError('BANK_ACCOUNT_REQUIRED', 'Add a bank account first');
  if (f.blocked)
    throw new DomainError('PROMOTION_BLOCKED', 'This account is blocked from receiving promotions');
  const p = f.promotion;
  if (!p) throw new DomainError('PROMOTION_NOT_FOUND', 'No such promotion');
  if (p.status !== 'ACTIVE') throw new DomainError('PROMOTION_INACTIVE', 'Promotion is not active');
  if (f.usageInForce) throw new DomainError('PROMOTION_IN_USE', 'Another promotion is in use');
  if (p.oneTime && f.usedBefore) throw new DomainError('PROMOTION_ALREADY_USED', 'Promotion already used');
  if (p.firstOrderOnly && f.hasSuccessfulDeposit) {
    throw new DomainError(
      'PROMOTION_ONLY_FOR_FIRST_ORDER',
      'Promotion is for new customers or the first order only',
    );
  }
  if (f.hasOpenDeposit)
    throw new DomainError(
      'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN',
      'Close the open deposit order to use a promotion',
    );
  // Its qualifying deposit would be refused (PROMOTION_CREDIT_USED) and the usage would only bind the
  // credit already there: refuse now, saying why.
  if (f.providerCredit >= p.creditThreshold)
    throw new DomainError(
      'PROMOTION_NOT_USABLE',
      'The credit at this provider is at or above the promotion threshold',
      numbers({ credit: f.providerCredit, threshold: p.creditThreshold }),
    );
  return p;
}

export type DepositDecision =
  /** No promotion involved. */
  | { kind: 'plain' }
  /** This deposit is the usage's qualifying deposit: the bonus is granted when it succeeds. */
  | { kind: 'qualifying'; usageId: string }
  /** The usage's credit is spent (below the threshold): it ends now and the deposit is plain. */
  | { kind: 'ends-usage'; usageId: string };

/**
 * A deposit while a promotion is in force. The provider credit is the player's current credit at the
 * deposit's provider.
 */
export function checkDeposit(
  usage: UsageInForce | undefined,
  terms: PromotionTerms | undefined,
  deposit: { provider: string; amount: number; providerCredit: number },
): DepositDecision {
  if (!usage || !terms) return { kind: 'plain' };
  if (deposit.provider !== usage.provider) {
    throw new DomainError('PROMOTION_PROVIDER_USED', `The promotion in use is for ${usage.provider}`);
  }
  if (deposit.providerCredit >= terms.creditThreshold) {
    throw new DomainError(
      'PROMOTION_CREDIT_USED',
      'A promotion is in use: no top-up until the credit is below its threshold',
    );
  }
  if (usage.status === 'USED') return { kind: 'ends-usage', usageId: usage.id };
  if (deposit.amount !== terms.depositAmount) {
    throw new DomainError(
      'PROMOTION_AMOUNT_MISMATCH',
      `The promotion needs a deposit of exactly ${terms.depositAmount} LAK`,
    );
  }
  return { kind: 'qualifying', usageId: usage.id };
}

/**
 * A withdrawal of `credit` under the limits (spec §5 and §9), the first rule broken refused: withdraw all,
 * the minimum credit (above the promotion credit), the turnover where the promotion asks for one. Returns
 * the credit returned to promotion liability instead of being paid out (above the maximum, and the bonus
 * deducted), and whether the withdrawal ends the usage.
 */
export function checkWithdraw(
  limits: WithdrawLimits,
  credit: number,
  providerCredit: number,
): { returnedCredit: number; endsUsage: boolean } {
  if (!limits.hasPromotion || limits.maxCredit === 0) return { returnedCredit: 0, endsUsage: false };
  if (limits.withdrawAll && credit !== providerCredit) {
    throw new DomainError(
      'PROMOTION_WITHDRAW_ALL',
      'This promotion requires withdrawing all credit',
      numbers({ credit: providerCredit }),
    );
  }
  if (providerCredit < limits.minCredit) {
    throw new DomainError(
      'PROMOTION_MIN_CREDIT',
      `The promotion needs at least ${limits.minCredit} satang of credit before a withdrawal`,
      numbers({ minCredit: limits.minCredit, credit: providerCredit }),
    );
  }
  if (limits.turnoverDone < limits.turnoverRequired) {
    throw new DomainError(
      'PROMOTION_TURNOVER_NOT_MET',
      `The promotion needs ${limits.turnoverRequired} satang staked before a withdrawal`,
      numbers({
        turnoverRequired: limits.turnoverRequired,
        turnoverDone: limits.turnoverDone,
        maxCredit: limits.maxCredit,
      }),
    );
  }
  return { returnedCredit: returnedOf(credit, limits.maxCredit, limits.receivedCredit), endsUsage: true };
}
