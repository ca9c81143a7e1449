import { useSyncExternalStore } from 'react';

/** docs/player-site.md §9 breakpoints. */
export const MOBILE_BAR_QUERY = '(max-width: 576px)';
export const FOOTER_DESKTOP_QUERY = '(min-width: 769px)';

/** Where there is no window (pages rendered at build time) the viewport is taken to be a phone's: mobile first. */
const NO_WINDOW_VIEWPORT_WIDTH = 390;

/** Whether a width query such as "(max-width: 576px)" matches a viewport of the given width. */
export function matchesWidth(query: string, width: number): boolean {
  const max = /max-width:\s*(\d+)px/.exec(query);
  const min = /min-width:\s*(\d+)px/.exec(query);
  return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
}

/** Whether a CSS media query matches now, re-rendering when it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => matchesWidth(query, NO_WINDOW_VIEWPORT_WIDTH),
  );
}
