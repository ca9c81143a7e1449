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

// The references are stored in databases: these spellings are what earlier versions wrote, and what the
// outbox and the ledger checks of an upgraded database read back.
describe('money references', () => {
  test('are spelled as the databases hold them', () => {
    expect(depositRefs('D1')).toEqual({
      outbox: 'dep:D1',
      bank: 'dep:D1:bank',
      credit: 'dep:D1:credit',
      returned: 'dep:D1:returned',
      bankQuery: 'QUERY-D1',
    });
    expect(withdrawalRefs('W1')).toEqual({
      outbox: 'wd:W1',
      hold: 'wd:W1:hold',
      payThb: 'wd:W1:pay-thb',
      payLak: 'wd:W1:pay-lak',
      returned: 'wd:W1:returned',
      release: 'wd:W1:release',
      payout: 'W1',
    });
    expect(paymentReturnRefs('D1')).toEqual({ payout: 'ret:D1', pay: 'ret:D1:pay' });
    expect(bonusRef('D1')).toBe('bonus:D1');
    expect(cashbackRef('p-1')).toBe('cb:p-1');
    expect(checkInRef('u-1', '2026-11-28')).toBe('ci:u-1:2026-11-28');
    expect(referralClaimRef('c-1')).toBe('rf:c-1');
    expect(bonusBackRef('u-1', 2)).toBe('bonus-back:u-1:2');
    expect(creditMoveRefs('ab12')).toEqual({ transfer: 'mv:ab12', out: 'mv:ab12:out', in: 'mv:ab12:in' });
    expect(refusedRef('mv:ab12:in')).toBe('mv:ab12:in:refused');
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
