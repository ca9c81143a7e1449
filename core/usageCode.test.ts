import { usageCode } from './usageCode';

describe('a promotion usage code', () => {
  it('is the id’s first eight hex digits, upper case, in two groups of four', () => {
    expect(usageCode('3f2a9c1d-58b7-4c1e-9a0b-1f2e3d4c5b6a')).toBe('3F2A-9C1D');
  });

  it('tells apart usages whose ids differ in their first eight digits', () => {
    expect(usageCode('00000001-0000-4000-8000-000000000000')).not.toBe(
      usageCode('00000002-0000-4000-8000-000000000000'),
    );
  });
});
