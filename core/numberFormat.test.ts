import {
  formatBasisPoints,
  formatDecimal,
  formatMinor,
  formatNumber,
  formatOdds,
  type NumberOptions,
} from './numberFormat';

describe('numbers with Lao grouping', () => {
  it('groups thousands with a dot and marks decimals with a comma, whatever the runtime knows of Lao', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(-1234.5, { minimumFractionDigits: 2, signDisplay: 'exceptZero' })).toBe('-1.234,50');
    expect(formatNumber(12, { minimumFractionDigits: 2, signDisplay: 'exceptZero' })).toBe('+12,00');
  });

  it('rounds to the digits asked for, drops zeros beyond the minimum, and never writes -0', () => {
    expect(formatNumber(1234.5678)).toBe('1.234,568');
    expect(formatNumber(2.5, { maximumFractionDigits: 0 })).toBe('3');
    expect(formatNumber(1.1, { minimumFractionDigits: 0, maximumFractionDigits: 2 })).toBe('1,1');
    expect(formatNumber(-0.001, { maximumFractionDigits: 2, signDisplay: 'exceptZero' })).toBe('0');
    expect(formatNumber(0, { minimumFractionDigits: 2, signDisplay: 'exceptZero' })).toBe('0,00');
    expect(formatNumber(999999999)).toBe('999.999.999');
  });

  it('writes what Intl writes in en-US, with the Lao symbols', () => {
    const cases: [number, NumberOptions][] = [
      [0, {}],
      [7, { minimumFractionDigits: 2, maximumFractionDigits: 2 }],
      [-98765.4, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }],
      [1000000, { minimumFractionDigits: 0, maximumFractionDigits: 0 }],
      [153.84, { minimumFractionDigits: 2, maximumFractionDigits: 2 }],
    ];
    for (const [value, options] of cases) {
      const intl = new Intl.NumberFormat('en-US', options)
        .format(value)
        .replace(/[.,]/g, (symbol) => (symbol === '.' ? ',' : '.'));
      expect(formatNumber(value, options)).toBe(intl);
    }
  });

  it('formats minor units per currency', () => {
    expect(formatMinor(123456, 'THB')).toBe('1.234,56');
    expect(formatMinor(5, 'THB')).toBe('0,05');
    expect(formatMinor(94000, 'LAK')).toBe('94.000');
  });

  it('writes odds to one with the same decimal comma', () => {
    expect(formatOdds(95)).toBe('0,95:1');
    expect(formatOdds(100)).toBe('1:1');
    expect(formatOdds(800)).toBe('8:1');
    expect(formatOdds(150)).toBe('1,5:1');
  });

  it('writes a rate in basis points as a percentage with the same decimal comma', () => {
    expect(formatBasisPoints(500)).toBe('5');
    expect(formatBasisPoints(750)).toBe('7,5');
    expect(formatBasisPoints(50)).toBe('0,5');
    expect(formatBasisPoints(1)).toBe('0,01');
  });

  it('formats decimal strings from the API and leaves anything else as it is', () => {
    expect(formatDecimal('153.84')).toBe('153,84');
    expect(formatDecimal('abc')).toBe('abc');
  });
});
