import { parsePeriod, periodOf, previousPeriod } from './rewardPeriods';

describe('reward periods in Vientiane time', () => {
  test('a day starts at local midnight, 17:00 UTC the day before', () => {
    const before = periodOf('DAY', new Date('2026-11-26T16:59:59.999Z'));
    const after = periodOf('DAY', new Date('2026-11-26T17:00:00.000Z'));
    expect(before.name).toBe('day:2026-11-26');
    expect(after.name).toBe('day:2026-11-27');
    expect(after.start.toISOString()).toBe('2026-11-26T17:00:00.000Z');
    expect(after.end.toISOString()).toBe('2026-11-27T17:00:00.000Z');
  });

  test('a week runs from Monday 00:00 to the next Monday, local time', () => {
    // Sunday 29 November 23:59:59 in Vientiane is still the week of Monday 23 November.
    expect(periodOf('WEEK', new Date('2026-11-29T16:59:59.999Z')).name).toBe('week:2026-11-23');
    const next = periodOf('WEEK', new Date('2026-11-29T17:00:00.000Z'));
    expect(next.name).toBe('week:2026-11-30');
    expect(next.start.toISOString()).toBe('2026-11-29T17:00:00.000Z');
    expect(next.end.toISOString()).toBe('2026-12-06T17:00:00.000Z');
    // A Monday morning in Vientiane that is still Sunday in UTC.
    expect(periodOf('WEEK', new Date('2026-11-29T18:00:00Z')).name).toBe('week:2026-11-30');
  });

  test('the period before crosses months and years', () => {
    expect(previousPeriod(periodOf('DAY', new Date('2027-01-01T05:00:00Z'))).name).toBe('day:2026-12-31');
    expect(previousPeriod(periodOf('WEEK', new Date('2027-01-01T05:00:00Z'))).name).toBe('week:2026-12-21');
  });

  test('operators name a period by its kind and first day; other names are refused', () => {
    expect(parsePeriod('week:2026-11-23')?.start.toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(parsePeriod('day:2026-02-28')?.end.toISOString()).toBe('2026-02-28T17:00:00.000Z');
    expect(parsePeriod('week:2026-11-24')).toBeUndefined(); // a Tuesday
    expect(parsePeriod('day:2026-02-30')).toBeUndefined();
    expect(parsePeriod('month:2026-11-01')).toBeUndefined();
    expect(parsePeriod('day:26-11-01')).toBeUndefined();
  });
});
