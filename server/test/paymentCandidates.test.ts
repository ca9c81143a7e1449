import { editDistance } from '../src/domain/money/paymentCandidates';

describe('a bill number the payer mistyped', () => {
  it('is within two edits of the order code: one changed, one missing, two swapped characters', () => {
    expect(editDistance('D2611290001ABCD', 'D2611290001ABCD', 2)).toBe(0);
    expect(editDistance('D2611290001ABCE', 'D2611290001ABCD', 2)).toBe(1);
    expect(editDistance('D261129001ABCD', 'D2611290001ABCD', 2)).toBe(1);
    expect(editDistance('D2611290001BACD', 'D2611290001ABCD', 2)).toBe(2);
  });

  it('is not when it differs more, and says so without finishing the count', () => {
    expect(editDistance('D2611290001WXYZ', 'D2611290001ABCD', 2)).toBe(3);
    expect(editDistance('D26', 'D2611290001ABCD', 2)).toBe(3);
  });
});
