import { buildLaoQr, crc16ccitt, LaoQrError, parseLaoQr, type LaoQrInput } from './laoQr';

const input: LaoQrInput = {
  acquirerIin: '27710418',
  merchantId: 'MID-LAOQR-01',
  paymentType: '001',
  mcc: '7995',
  amountLak: 100000,
  billNumber: 'D2611220001ABCD',
  merchantName: 'LAO STAR',
  merchantCity: 'VIENTIANE',
};

describe('crc16ccitt', () => {
  it('gives the standard check value for 123456789', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });
  it('is 4 upper-case hex digits, zero padded', () => {
    expect(crc16ccitt('')).toBe('FFFF');
    for (const s of ['a', 'LAO', '000201', '6304']) expect(crc16ccitt(s)).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('buildLaoQr', () => {
  it('lays out the EMVCo fields in order with the CRC last', () => {
    const qr = buildLaoQr(input);
    expect(qr.startsWith('000201010212')).toBe(true);
    expect(qr).toContain('38550016A005266284662577010827710418020300103' + '12MID-LAOQR-01');
    expect(qr).toContain('5204799553034185406100000' + '5802LA5908LAO STAR6009VIENTIANE');
    expect(qr).toContain('62190115D2611220001ABCD6304');
    expect(qr.slice(-4)).toBe(crc16ccitt(qr.slice(0, -4)));
  });

  it('refuses a field longer than 99 characters', () => {
    expect(() => buildLaoQr({ ...input, merchantName: 'X'.repeat(100) })).toThrow(LaoQrError);
    expect(() => buildLaoQr({ ...input, merchantName: 'X'.repeat(99) })).not.toThrow();
  });

  it('refuses a zero or fractional amount', () => {
    expect(() => buildLaoQr({ ...input, amountLak: 0 })).toThrow(LaoQrError);
    expect(() => buildLaoQr({ ...input, amountLak: 1.5 })).toThrow(LaoQrError);
  });
});

describe('parseLaoQr', () => {
  it('round-trips every field', () => {
    const parsed = parseLaoQr(buildLaoQr({ ...input, terminalLabel: 'WEB' }));
    expect(parsed).toMatchObject({
      payloadFormat: '01',
      dynamic: true,
      acquirerIin: '27710418',
      paymentType: '001',
      merchantId: 'MID-LAOQR-01',
      mcc: '7995',
      currency: '418',
      amountLak: 100000,
      country: 'LA',
      merchantName: 'LAO STAR',
      merchantCity: 'VIENTIANE',
      billNumber: 'D2611220001ABCD',
      terminalLabel: 'WEB',
      crcValid: true,
    });
  });

  it('detects a tampered amount through the CRC', () => {
    const qr = buildLaoQr(input);
    const tampered = qr.replace('5406100000', '5406900000');
    expect(parseLaoQr(tampered).crcValid).toBe(false);
  });

  it('detects a lower-case CRC as invalid (the format says upper case)', () => {
    const qr = buildLaoQr(input);
    const lower = qr.slice(0, -4) + qr.slice(-4).toLowerCase();
    if (lower !== qr) expect(parseLaoQr(lower).crcValid).toBe(false);
  });

  it('throws on text that is not a LAO QR', () => {
    expect(() => parseLaoQr('hello world, not a qr')).toThrow(LaoQrError);
    expect(() => parseLaoQr('000201010212')).toThrow(LaoQrError);
    const qr = buildLaoQr(input);
    expect(() => parseLaoQr(qr.slice(0, -10))).toThrow(LaoQrError);
    expect(() => parseLaoQr(qr.replace('A005266284662577', 'A000000000000000'))).toThrow(LaoQrError);
  });
});
