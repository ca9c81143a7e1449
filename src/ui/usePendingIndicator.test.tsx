import { act, renderHook } from '@testing-library/react';
import { PENDING_DELAY_MS, PENDING_MIN_MS, usePendingIndicator } from './usePendingIndicator';

describe('usePendingIndicator (route loading screen timing)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('never shows for work shorter than 1 s', () => {
    const { result, rerender } = renderHook(({ pending }) => usePendingIndicator(pending), {
      initialProps: { pending: true },
    });
    act(() => jest.advanceTimersByTime(PENDING_DELAY_MS - 1));
    rerender({ pending: false });
    act(() => jest.advanceTimersByTime(PENDING_DELAY_MS));
    expect(result.current).toBe(false);
  });

  it('shows after 1 s and then stays at least 0.5 s', () => {
    const { result, rerender } = renderHook(({ pending }) => usePendingIndicator(pending), {
      initialProps: { pending: true },
    });
    act(() => jest.advanceTimersByTime(PENDING_DELAY_MS));
    expect(result.current).toBe(true);
    act(() => jest.advanceTimersByTime(100));
    rerender({ pending: false });
    expect(result.current).toBe(true);
    act(() => jest.advanceTimersByTime(PENDING_MIN_MS - 100 - 1));
    expect(result.current).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });
});
