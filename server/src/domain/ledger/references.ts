import { randomBytes, randomUUID } from 'node:crypto';
import type { ProviderCode } from '../../adapters';

/**
 * Every reference the money core writes, built and read back here only: ledger transfers
 * (`ledger_transfers.reference`), provider outbox rows (`provider_outbox.reference`, `ledger_reference`,
 * `depends_on`) and bank payouts. A reference is the idempotency key of what it names: writing one twice is a
 * no-op, so an operation retried after a crash finds its own work by the same reference. The spellings are
 * stored in databases: changing one is a migration, never an edit here.
 */

/** A deposit order's references: its ledger legs, the outbox row that brings its credit to the provider. */
export function depositRefs(code: string) {
  return {
    /** Outbox IN: the deposit's credit, delivered to the provider. */
    outbox: `dep:${code}`,
    /** Ledger: the bank's LAK in. */
    bank: `dep:${code}:bank`,
    /** Ledger: the player's THB credit (the outbox row's ledger leg). */
    credit: `dep:${code}:credit`,
    /** Ledger: a payment the bank returned, held for paying back. */
    returned: `dep:${code}:returned`,
    /** The payment's reference when it was found by asking the bank, which gave none. */
    bankQuery: `QUERY-${code}`,
  };
}

/** A promotion bonus granted with a deposit: its ledger leg and its outbox row share the reference. */
export function bonusRef(depositCode: string): string {
  return `bonus:${depositCode}`;
}

/**
 * A cancelled promotion's bonus taken back from the provider: its ledger leg and outbox row. One per attempt:
 * a take-back the provider refused was compensated, and a later cancel takes back again under a new one.
 */
export function bonusBackRef(usageId: string, attempt: number): string {
  return `bonus-back:${usageId}:${attempt}`;
}

/** A withdrawal order's references. */
export function withdrawalRefs(code: string) {
  return {
    /** Outbox OUT: the credit taken back from the provider (kind WITHDRAW_HOLD). */
    outbox: `wd:${code}`,
    /** Ledger: the credit held from the player for the withdrawal (the outbox row's ledger leg). */
    hold: `wd:${code}:hold`,
    /** Ledger: the held credit leaving as THB. */
    payThb: `wd:${code}:pay-thb`,
    /** Ledger: the LAK paid to the bank (the payout row's ledger leg). */
    payLak: `wd:${code}:pay-lak`,
    /** Ledger: a payout the bank returned. */
    returned: `wd:${code}:returned`,
    /** Ledger and outbox IN: a refused withdrawal's credit given back. */
    release: `wd:${code}:release`,
    /** Outbox payout row: the bare order code, as the first databases wrote it. */
    payout: code,
  };
}

/** A returned deposit's payment paid back to the bank account it came from (docs/protection.md). */
export function paymentReturnRefs(depositCode: string) {
  return {
    /** Outbox payout row. */
    payout: `${RETURN_PREFIX}${depositCode}`,
    /** Ledger: deposit_returns → payout_clearing. */
    pay: `${RETURN_PREFIX}${depositCode}:pay`,
  };
}
const RETURN_PREFIX = 'ret:';

/** A credit move between two providers: one ledger transfer, an OUT at one provider, then an IN at the other. */
export function creditMoveRefs(id: string = randomBytes(8).toString('hex')) {
  const transfer = `mv:${id}`;
  return { transfer, out: `${transfer}:out`, in: `${transfer}:in` };
}

/** A loss cashback credited to the player: its ledger leg and its outbox IN share the reference. */
export function cashbackRef(paymentId: string): string {
  return `cb:${paymentId}`;
}

/** A day's check-in reward credited to the player: its ledger leg, outbox row and reward credit. */
export function checkInRef(playerId: string, day: string): string {
  return `ci:${playerId}:${day}`;
}

/** A referral commission claimed to credit: its ledger leg, outbox row and reward credit. */
export function referralClaimRef(claimId: string): string {
  return `rf:${claimId}`;
}

/** Game results booked from a provider's wallet: a fresh reference per booking. */
export function gameResultRef(playerId: string, provider: ProviderCode): string {
  return `game:${playerId}:${provider}:${randomUUID()}`;
}

/** The ledger transfer that undoes an outbox row the provider refused. */
/**
 * A seamless provider's transaction, as the ledger transfer it wrote: the provider's own transaction id is
 * unique per provider, so (provider, id) names the transfer once, whatever the provider repeats.
 */
export function walletRefs(provider: ProviderCode, transactionId: string) {
  return {
    bet: `wallet:${provider}:bet:${transactionId}`,
    win: `wallet:${provider}:win:${transactionId}`,
    refund: `wallet:${provider}:refund:${transactionId}`,
  };
}

export function refusedRef(outboxReference: string): string {
  return `${outboxReference}:refused`;
}

/** What an outbox payout row pays: a withdrawal's LAK, or a returned deposit's payment. */
export type PayoutTarget = { kind: 'withdrawal'; code: string } | { kind: 'paymentReturn'; code: string };

/** Reads a payout row's reference back (withdrawalRefs().payout, paymentReturnRefs().payout). */
export function payoutTargetOf(reference: string): PayoutTarget {
  return reference.startsWith(RETURN_PREFIX)
    ? { kind: 'paymentReturn', code: reference.slice(RETURN_PREFIX.length) }
    : { kind: 'withdrawal', code: reference };
}

/** The withdrawal a WITHDRAW_HOLD outbox row belongs to (withdrawalRefs().outbox), or undefined for another row. */
export function withdrawalOfHold(reference: string): string | undefined {
  return reference.startsWith('wd:') && !reference.slice(3).includes(':') ? reference.slice(3) : undefined;
}
