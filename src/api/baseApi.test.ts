import { backoffDelay } from './baseApi';

describe('retry backoff', () => {
  it('doubles from the base delay and is capped at 30 s', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(10, 1000)).toBe(30_000);
  });
});
