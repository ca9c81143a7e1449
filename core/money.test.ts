import { parseThbToSatang, parseTypedBaht, parseTypedKip, satangToThb } from './money';

describe('parseThbToSatang', () => {
  it.each([
    ['100.50', 10050],
    ['100.5', 10050],
    ['100', 10000],
    ['0.01', 1],
    ['0', 0],
    [' 12.3 ', 1230],
    ['1,000.25', 100025],
    ['153.84', 15384],
    ['-1.5', -150],
  ])('reads %p as %p satang', (text, satang) => {
    expect(parseThbToSatang(text)).toBe(satang);
  });

  it.each(['', 'abc', '1.234', '1.', '.5', '1e3', '12..3', '--1', '99999999999999999'])(
    'rejects %p',
    (text) => {
      expect(parseThbToSatang(text)).toBeNull();
    },
  );

  it('does not lose satang to floating point', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point
    expect(parseThbToSatang('0.29')).toBe(29);
    expect(parseThbToSatang('1.15')).toBe(115);
  });
});

describe('satangToThb', () => {
  it.each([
    [10050, '100.50'],
    [1, '0.01'],
    [0, '0.00'],
    [15384, '153.84'],
    [-5, '-0.05'],
    [-150, '-1.50'],
  ])('writes %p satang as %p', (satang, text) => {
    expect(satangToThb(satang)).toBe(text);
  });

  it('round-trips', () => {
    for (const satang of [0, 1, 99, 100, 12345, 987654321]) {
      expect(parseThbToSatang(satangToThb(satang))).toBe(satang);
    }
  });
});

describe('parseTypedBaht', () => {
  it("reads baht as the site writes them: ',' marks the decimals, '.' groups the thousands", () => {
    expect(parseTypedBaht('100,50')).toBe(10_050);
    expect(parseTypedBaht('153,84')).toBe(15_384);
    expect(parseTypedBaht('1.234,56')).toBe(123_456);
    expect(parseTypedBaht('1.000')).toBe(100_000);
  });

  it('reads the plain way too', () => {
    expect(parseTypedBaht('100.50')).toBe(10_050);
    expect(parseTypedBaht('1,234.5')).toBe(123_450);
    expect(parseTypedBaht('1234')).toBe(123_400);
    expect(parseTypedBaht(' 7 ')).toBe(700);
  });

  it('refuses what is not one amount of baht', () => {
    for (const text of ['', 'abc', '1,2345', '1.2.3', '-5', '1e3', ',50', '100,'])
      expect(parseTypedBaht(text)).toBeNull();
  });
});

describe('parseTypedKip', () => {
  it('reads whole kip, grouped as the site writes them or not', () => {
    expect(parseTypedKip('100.000')).toBe(100_000);
    expect(parseTypedKip('1,000,000')).toBe(1_000_000);
    expect(parseTypedKip('94000')).toBe(94_000);
  });

  it('refuses decimals and anything else', () => {
    for (const text of ['', '100,5', '100.50', 'kip', '1.00.000']) expect(parseTypedKip(text)).toBeNull();
  });
});
