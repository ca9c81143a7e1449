import { holderNameKey, sameHolder } from './holderNames';

describe('bank account holder names as the abuse rules compare them', () => {
  it('are the same holder written with other spacing, case or Unicode forms', () => {
    const name = 'Somchai Phommachanh';
    expect(sameHolder(name, 'SOMCHAI  PHOMMACHANH')).toBe(true);
    expect(sameHolder(name, ' somchai\tphommachanh ')).toBe(true);
    expect(sameHolder(name, 'Somchai\u00A0Phommachanh')).toBe(true); // no-break space
    expect(sameHolder(name, 'Som\u200Bchai Phomma\u200Dchanh')).toBe(true); // zero-width space and joiner
    expect(sameHolder(name, 'Ｓｏｍｃｈａｉ Ｐｈｏｍｍａｃｈａｎｈ')).toBe(true); // full-width letters
    expect(sameHolder('Thé Vàng', 'the\u0301 va\u0300ng'.toUpperCase())).toBe(true); // composed and decomposed marks
    expect(sameHolder('Straße', 'STRASSE')).toBe(true);
  });

  it('keep Lao and Thai names as written, with their spaces made one', () => {
    expect(holderNameKey('ສົມໃຈ  ພົມມະຈັນ')).toBe('ສົມໃຈ ພົມມະຈັນ');
    expect(sameHolder('สมชาย ใจดี', 'สมชาย\u200B ใจดี')).toBe(true);
  });

  it('are different holders when a letter differs', () => {
    expect(sameHolder('Somchai Phommachanh', 'Somchai Phommachan')).toBe(false);
    expect(sameHolder('ສົມໃຈ', 'ສົມໃຈ ພົມມະຈັນ')).toBe(false);
  });
});
