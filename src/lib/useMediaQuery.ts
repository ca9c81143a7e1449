import { useSyncExternalStore } from 'react';

/** Spec section 9 breakpoints. */
export const MOBILE_BAR_QUERY = '(max-width: 576px)';
export const FOOTER_DESKTOP_QUERY = '(min-width: 769px)';

/** Whether a CSS media query matches now, re-rendering when it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
