import { act, renderHook } from '@testing-library/react';
import { usePendingIndicator } from './usePendingIndicator';

// docs/player-site.md §9: pending time 1000 ms, minimum pending time 500 ms. The times are written out, not
// read from the hook, so a changed delay fails here.
describe('usePendingIndicator (route loading screen timing)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function renderPending() {
    return renderHook(({ pending }) => usePendingIndicator(pending), { initialProps: { pending: true } });
  }

  it('is hidden for the first 999 ms of pending, and never shows for work shorter than 1 s', () => {
    const { result, rerender } = renderPending();
    act(() => jest.advanceTimersByTime(999));
    expect(result.current).toBe(false);
    rerender({ pending: false });
    act(() => jest.advanceTimersByTime(10_000));
    expect(result.current).toBe(false);
  });

  it('shows at 1000 ms and then stays at least 500 ms', () => {
    const { result, rerender } = renderPending();
    act(() => jest.advanceTimersByTime(999));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    // The work ends 100 ms after the indicator appeared: it stays until 500 ms after it appeared.
    act(() => jest.advanceTimersByTime(100));
    rerender({ pending: false });
    expect(result.current).toBe(true);
    act(() => jest.advanceTimersByTime(399));
    expect(result.current).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('hides at once when the work ends after it has been shown 500 ms', () => {
    const { result, rerender } = renderPending();
    act(() => jest.advanceTimersByTime(1000 + 500));
    expect(result.current).toBe(true);
    rerender({ pending: false });
    act(() => jest.advanceTimersByTime(0));
    expect(result.current).toBe(false);
  });
});
