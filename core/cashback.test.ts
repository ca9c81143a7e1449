import { cashbackFor, cashbackProvider } from './cashback';

const terms = { rateBasisPoints: 500, minLoss: 10_000, maxPayment: 500_000 };

describe('loss cashback', () => {
  test('pays the rate of the net loss, rounded down in satang', () => {
    expect(cashbackFor(-123_459, terms)).toEqual({ amount: 6_172, reason: 'PAYS' });
  });

  test('pays from the minimum loss up, and never more than the maximum', () => {
    expect(cashbackFor(-9_999, terms)).toEqual({ amount: 0, reason: 'BELOW_MINIMUM' });
    expect(cashbackFor(-10_000, terms)).toEqual({ amount: 500, reason: 'PAYS' });
    expect(cashbackFor(-20_000_000, terms)).toEqual({ amount: 500_000, reason: 'PAYS' });
  });

  test('a player ahead or even gets none, and says why', () => {
    expect(cashbackFor(0, terms).reason).toBe('NET_WIN');
    expect(cashbackFor(4_000, terms)).toEqual({ amount: 0, reason: 'NET_WIN' });
  });

  test('a loss too small to make a satang pays nothing', () => {
    expect(cashbackFor(-19, { ...terms, minLoss: 0 })).toEqual({ amount: 0, reason: 'BELOW_MINIMUM' });
  });

  test('is credited where the player lost most, the first provider on a tie', () => {
    expect(
      cashbackProvider([
        { provider: 'alphabet', net: -100 },
        { provider: 'askmebet', net: 50 },
        { provider: 'gclub', net: -700 },
        { provider: 'gclub_live', net: -700 },
      ]),
    ).toBe('gclub');
  });
});
