import { useDeferredValue } from 'react';

/**
 * An answer from the cache, for drawing what it shows in slices the browser can interrupt.
 *
 * RTK Query's hooks read an external store, so React renders an arriving answer at once and in one task:
 * a table or a form drawn from it blocks a slow phone for a few hundred milliseconds. The deferred copy is
 * rendered by React in the background instead. The part drawn from it must be memoised, or the urgent
 * render draws it anyway.
 *
 * `pending` is true while the copy lags behind the answer. An answer that is gone (another page or period
 * asked for) is gone at once: what was shown before is never drawn under the new choice.
 */
export function useDeferredAnswer<T>(answer: T | undefined): { value: T | undefined; pending: boolean } {
  const deferred = useDeferredValue(answer);
  return { value: answer === undefined ? undefined : deferred, pending: deferred !== answer };
}
