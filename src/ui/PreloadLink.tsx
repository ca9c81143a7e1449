import { useEffect, useRef, type ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { preloadLink } from '@/lib/preload';

/** docs/player-site.md §9: a page module starts loading 50 ms after the pointer or focus rests on its link. */
export const PRELOAD_DELAY_MS = 50;

type LinkProps = ComponentProps<typeof Link> & { to: string };

/** A router link that preloads its page's code on hover or focus. */
export function PreloadLink({ to, onMouseEnter, onMouseLeave, onFocus, onBlur, ...rest }: LinkProps) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => preloadLink(to), PRELOAD_DELAY_MS);
  };
  const cancel = () => clearTimeout(timer.current);

  return (
    <Link
      to={to}
      onMouseEnter={(event) => {
        schedule();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        schedule();
        onFocus?.(event);
      }}
      onMouseLeave={(event) => {
        cancel();
        onMouseLeave?.(event);
      }}
      onBlur={(event) => {
        cancel();
        onBlur?.(event);
      }}
      {...rest}
    />
  );
}
