import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './MenuButton.module.css';

export interface MenuButtonItem {
  key: string;
  label: ReactNode;
  /** A link opens in a new tab (external contact channels); otherwise onSelect runs. */
  href?: string;
  onSelect?: () => void;
  selected?: boolean;
}

interface MenuButtonProps {
  /** Visible content of the trigger. */
  children: ReactNode;
  items: MenuButtonItem[];
  /** Accessible name when the visible content is not enough (e.g. an icon). */
  ariaLabel?: string;
  className?: string;
  align?: 'start' | 'end';
}

/**
 * A small menu button (WAI-ARIA menu button pattern) for the navigation bar. The bar stays free of antd so
 * the first paint ships less code; antd loads with the pages.
 */
export function MenuButton({ children, items, ariaLabel, className, align = 'end' }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return undefined;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"], [role="menuitemradio"]')?.focus();
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      entries[(index + step + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className={styles['menu-button']} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => setOpen((shown) => !shown)}
      >
        {children}
      </button>
      {open && (
        <ul
          id={menuId}
          ref={menuRef}
          role="menu"
          className={`${styles['menu-button__menu']} ${styles[`menu-button__menu--${align}`]}`}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => {
            const role = item.selected === undefined ? 'menuitem' : 'menuitemradio';
            return (
              <li key={item.key} role="none">
                {item.href ? (
                  <a
                    role={role}
                    href={item.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    tabIndex={-1}
                    onClick={close}
                  >
                    {item.label}
                  </a>
                ) : (
                  <button
                    type="button"
                    role={role}
                    aria-checked={item.selected}
                    tabIndex={-1}
                    onClick={() => {
                      close();
                      item.onSelect?.();
                    }}
                  >
                    {item.label}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
