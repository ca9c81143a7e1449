import { useEffect, useRef, useState } from 'react';

/** docs/player-site.md §9: show the loading screen only after 1 s of pending, then keep it at least 0.5 s. */
export const PENDING_DELAY_MS = 1000;
export const PENDING_MIN_MS = 500;

/** Whether to show a pending indicator for work that is `pending`, without flashing it for quick work. */
export function usePendingIndicator(
  pending: boolean,
  delayMs = PENDING_DELAY_MS,
  minMs = PENDING_MIN_MS,
): boolean {
  const [visible, setVisible] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (pending && !visible) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setVisible(true);
      }, delayMs);
      return () => clearTimeout(timer);
    }
    if (!pending && visible) {
      const remaining = Math.max(0, minMs - (Date.now() - shownAt.current));
      const timer = setTimeout(() => setVisible(false), remaining);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [pending, visible, delayMs, minMs]);

  return visible;
}
