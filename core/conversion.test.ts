import fc from 'fast-check';
import {
  convertAmount,
  depositCost,
  depositCredit,
  enabledUniqueByMid,
  listPaymentMethods,
  parseRate,
  uniqueCurrencies,
  withdrawAmount,
  type CurrencyEntry,
} from './conversion';

const laoQr: CurrencyEntry = {
  isEnabled: true,
  code: 'LAOQR',
  mid: 'MID-1',
  displayName: 'LAO QR',
  currency: 'LAK',
  buy: '640.0000',
  sell: '650.0000',
};
const entries: CurrencyEntry[] = [
  laoQr,
  { ...laoQr, code: 'LAOQR-2', displayName: 'same mid' },
  { ...laoQr, code: 'OFF', mid: 'MID-OFF', isEnabled: false },
  {
    isEnabled: true,
    code: 'THB',
    mid: 'MID-THB',
    displayName: 'THB',
    currency: 'THB',
    buy: '1.0000',
    sell: '1.0000',
  },
  {
    isEnabled: true,
    code: 'ODD',
    mid: 'MID-ODD',
    displayName: 'odd',
    currency: 'LAK',
    buy: '639.9999',
    sell: '650.0001',
  },
];

describe('parseRate', () => {
  it('reads 4-decimal strings exactly', () => {
    expect(parseRate('650.0000')).toBe(6_500_000n);
    expect(parseRate('0.0001')).toBe(1n);
  });
  it('refuses other shapes', () => {
    for (const bad of ['650', '650.00', '-1.0000', '1e3.0000', ' 650.0000'])
      expect(() => parseRate(bad)).toThrow();
  });
});

describe('DEPOSIT: LAK / sell → satang, floored', () => {
  it('matches the contract example (100,000 LAK at 650 → 153.84 THB)', () => {
    expect(depositCredit(100_000, '650.0000')).toBe(15_384);
  });
  it('floors a fraction of a satang toward the house', () => {
    expect(depositCredit(649, '650.0000')).toBe(99); // 0.9984 THB
    expect(depositCredit(650, '650.0000')).toBe(100);
    expect(depositCredit(6, '650.0000')).toBe(0);
  });
  it('handles rates with four significant decimals', () => {
    expect(depositCredit(650_001, '650.0001')).toBe(100_000);
    expect(depositCredit(650_000, '650.0001')).toBe(99_999);
  });
  it('credits nothing on a zero rate instead of dividing by zero', () => {
    expect(depositCredit(100_000, '0.0000')).toBe(0);
  });
  it('stays exact for large amounts', () => {
    expect(depositCredit(200_000_000_000, '650.0000')).toBe(30_769_230_769);
  });
});

describe('WITHDRAW: satang × buy → LAK, floored', () => {
  it('matches the contract example (500 THB at 640 → 320,000 LAK)', () => {
    expect(withdrawAmount(50_000, '640.0000')).toBe(320_000);
  });
  it('floors partial kip', () => {
    expect(withdrawAmount(1, '640.0000')).toBe(6); // 6.4 kip
    expect(withdrawAmount(1, '639.9999')).toBe(6);
    expect(withdrawAmount(15_384, '639.9999')).toBe(98_457); // 98457.58...
  });
});

describe('DEPOSIT_FROM: satang × sell → LAK, rounded up', () => {
  it('charges whole kip, rounding up toward the house', () => {
    expect(depositCost(15_384, '650.0000')).toBe(99_996);
    expect(depositCost(1, '650.0000')).toBe(7); // 6.5 kip
    expect(depositCost(100, '650.0000')).toBe(650);
  });
  it('round trip never gives the player more credit than paid for', () => {
    for (const satang of [1, 99, 12_345, 15_384, 1_000_000]) {
      expect(depositCredit(depositCost(satang, '650.0001'), '650.0001')).toBeGreaterThanOrEqual(satang);
      expect(withdrawAmount(satang, '640.0000')).toBeLessThanOrEqual(depositCost(satang, '650.0000'));
    }
  });
});

describe('convertAmount', () => {
  it('converts by mid and type', () => {
    expect(convertAmount('DEPOSIT', 100_000, entries, 'MID-1')).toBe(15_384);
    expect(convertAmount('WITHDRAW', 50_000, entries, 'MID-1')).toBe(320_000);
    expect(convertAmount('DEPOSIT_FROM', 15_384, entries, 'MID-1')).toBe(99_996);
  });
  it('is 0 when the currency is not found', () => {
    expect(convertAmount('DEPOSIT', 100_000, entries, 'NOPE')).toBe(0);
    expect(convertAmount('WITHDRAW', 100_000, [], 'MID-1')).toBe(0);
  });
  it('refuses negative or fractional amounts', () => {
    expect(() => convertAmount('DEPOSIT', -1, entries, 'MID-1')).toThrow();
    expect(() => convertAmount('DEPOSIT', 1.5, entries, 'MID-1')).toThrow();
  });
});

describe('lists', () => {
  it('keeps enabled entries, one per mid', () => {
    expect(enabledUniqueByMid(entries).map((e) => e.code)).toEqual(['LAOQR', 'THB', 'ODD']);
  });
  it('filters payment methods by currency', () => {
    expect(listPaymentMethods(entries, 'LAK').map((e) => e.mid)).toEqual(['MID-1', 'MID-ODD']);
    expect(listPaymentMethods(entries, 'USD')).toEqual([]);
  });
  it('lists each currency once', () => {
    expect(uniqueCurrencies(entries)).toEqual(['LAK', 'THB']);
  });
});

describe('rounding properties (random amounts and rates)', () => {
  // Rates as ten-thousandths, 0.0001 .. 99999.9999, rendered as the contract's 4-decimal strings.
  const rateArb = fc
    .integer({ min: 1, max: 999_999_999 })
    .map((n) => `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`);
  const amountArb = fc.integer({ min: 0, max: 1_000_000_000 });

  it('DEPOSIT is the exact floor: credit × rate ≤ amount < (credit + 1) × rate', () => {
    fc.assert(
      fc.property(amountArb, rateArb, (amount, rate) => {
        const credit = BigInt(depositCredit(amount, rate));
        const r = parseRate(rate);
        const scaled = BigInt(amount) * 1_000_000n; // LAK × 100 satang × 10,000
        return credit * r <= scaled && scaled < (credit + 1n) * r;
      }),
    );
  });

  it('WITHDRAW floors and DEPOSIT_FROM ceils the same exact product', () => {
    fc.assert(
      fc.property(amountArb, rateArb, (satang, rate) => {
        const exact = BigInt(satang) * parseRate(rate); // kip × 1,000,000
        const down = BigInt(withdrawAmount(satang, rate)) * 1_000_000n;
        const up = BigInt(depositCost(satang, rate)) * 1_000_000n;
        return down <= exact && exact - down < 1_000_000n && up >= exact && up - exact < 1_000_000n;
      }),
    );
  });
});
