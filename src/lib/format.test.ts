import dayjs from 'dayjs';
import 'dayjs/locale/th';
import { formatDate } from './format';

describe('formatDate', () => {
  it('writes DD/MM/YYYY HH:mm:ss in local time', () => {
    expect(formatDate(new Date(2026, 10, 22, 7, 5, 9))).toBe('22/11/2026 07:05:09');
  });

  it.each(['0001-01-01', '0001-01-01T00:00:00Z', '', null, undefined, 'not a date'])(
    'shows N/A for %p',
    (value) => {
      expect(formatDate(value)).toBe('N/A');
    },
  );

  it('writes the same Gregorian date in Thai (no Buddhist year, no Thai hour format)', () => {
    dayjs.locale('th');
    try {
      expect(formatDate(new Date(2026, 10, 22, 7, 5, 9))).toBe('22/11/2026 07:05:09');
    } finally {
      dayjs.locale('en');
    }
  });

  it('accepts the text to show for N/A', () => {
    expect(formatDate('0001-01-01T00:00:00Z', 'ບໍ່ມີ')).toBe('ບໍ່ມີ');
  });
});
