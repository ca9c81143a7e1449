import {
  bonusBackRef,
  bonusRef,
  cashbackRef,
  checkInRef,
  referralClaimRef,
  creditMoveRefs,
  depositRefs,
  gameResultRef,
  payoutTargetOf,
  paymentReturnRefs,
  refusedRef,
  withdrawalOfHold,
  withdrawalRefs,
} from '../src/domain/ledger/references';
import type { StaffMoneyOperationId } from '../src/domain/ledger/moneyRunner';
import type { JobMoneyOperationId, MoneyOperationId } from '../src/domain/operations/moneyOperations';

// The references are stored in databases: these spellings are what earlier versions wrote, and what the
// outbox and the ledger checks of an upgraded database read back.

/** The spellings of each family of references, as the databases hold them. */
const SPELLINGS = {
  deposit: [
    depositRefs('D1'),
    {
      outbox: 'dep:D1',
      bank: 'dep:D1:bank',
      credit: 'dep:D1:credit',
      returned: 'dep:D1:returned',
      bankQuery: 'QUERY-D1',
    },
  ],
  bonus: [bonusRef('D1'), 'bonus:D1'],
  withdrawal: [
    withdrawalRefs('W1'),
    {
      outbox: 'wd:W1',
      hold: 'wd:W1:hold',
      payThb: 'wd:W1:pay-thb',
      payLak: 'wd:W1:pay-lak',
      returned: 'wd:W1:returned',
      release: 'wd:W1:release',
      payout: 'W1',
    },
  ],
  paymentReturn: [paymentReturnRefs('D1'), { payout: 'ret:D1', pay: 'ret:D1:pay' }],
  cashback: [cashbackRef('p-1'), 'cb:p-1'],
  checkIn: [checkInRef('u-1', '2026-11-28'), 'ci:u-1:2026-11-28'],
  referral: [referralClaimRef('c-1'), 'rf:c-1'],
  bonusBack: [bonusBackRef('u-1', 2), 'bonus-back:u-1:2'],
  creditMove: [creditMoveRefs('ab12'), { transfer: 'mv:ab12', out: 'mv:ab12:out', in: 'mv:ab12:in' }],
  refused: [refusedRef('mv:ab12:in'), 'mv:ab12:in:refused'],
} as const;
type Family = keyof typeof SPELLINGS;

/**
 * The references each money operation writes, keyed by its operationId: a row added to MONEY_OPERATIONS,
 * JOB_MONEY_OPERATIONS or STAFF_MONEY_OPERATIONS does not compile here until it says which it writes (none
 * is an answer too), so its spellings are pinned before a database holds them. A transfer the outbox
 * refuses is compensated under `refused` whichever operation queued it.
 */
const WRITES: Record<MoneyOperationId | JobMoneyOperationId | StaffMoneyOperationId, readonly Family[]> = {
  addBankAccount: [],
  createDeposit: [],
  checkDeposit: ['deposit', 'bonus'],
  cancelDeposit: ['deposit', 'bonus'],
  receivePaymentCallback: ['deposit', 'bonus', 'paymentReturn'],
  settleDeposit: ['deposit', 'bonus'],
  createWithdraw: ['withdrawal'],
  moveCredit: ['creditMove'],
  claimPromotion: [],
  cancelPromotionUsage: ['bonusBack'],
  payCashback: ['cashback'],
  claimCashback: ['cashback'],
  claimCheckIn: ['checkIn'],
  claimReferral: ['referral'],
  approveStaffWithdrawal: ['withdrawal'],
  rejectStaffWithdrawal: ['withdrawal'],
  applyStaffPayment: ['deposit', 'bonus'],
  refundStaffPayment: ['paymentReturn'],
  retryStaffTransfer: ['refused'],
};

describe('money references', () => {
  test.each(Object.entries(WRITES))(
    '%s writes references spelled as the databases hold them',
    (_id, families) => {
      for (const family of families) {
        const [built, pinned] = SPELLINGS[family];
        expect(built).toEqual(pinned);
      }
    },
  );

  test('every family of references is written by some operation', () => {
    const written = new Set(Object.values(WRITES).flat());
    expect(Object.keys(SPELLINGS).filter((family) => !written.has(family as Family))).toEqual([]);
  });

  test('a fresh move and a game booking never reuse a reference', () => {
    expect(creditMoveRefs().transfer).not.toBe(creditMoveRefs().transfer);
    expect(gameResultRef('p1', 'alphabet')).not.toBe(gameResultRef('p1', 'alphabet'));
    expect(gameResultRef('p1', 'alphabet')).toMatch(/^game:p1:alphabet:/);
  });

  test('a payout row is read back as the order it pays', () => {
    expect(payoutTargetOf(withdrawalRefs('W26112700001AB').payout)).toEqual({
      kind: 'withdrawal',
      code: 'W26112700001AB',
    });
    expect(payoutTargetOf(paymentReturnRefs('D26112700001AB').payout)).toEqual({
      kind: 'paymentReturn',
      code: 'D26112700001AB',
    });
  });

  test("a withdrawal's hold row names its order; other rows name none", () => {
    expect(withdrawalOfHold(withdrawalRefs('W1').outbox)).toBe('W1');
    expect(withdrawalOfHold(withdrawalRefs('W1').release)).toBeUndefined();
    expect(withdrawalOfHold(depositRefs('D1').outbox)).toBeUndefined();
  });
});
