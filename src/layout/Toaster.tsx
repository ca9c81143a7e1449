import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/lib/storeHooks';
import {
  dismissToast,
  removeToast,
  selectToasts,
  selectVisibleToasts,
  TOAST_HOTKEY,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type Toast,
} from '@/lib/toast';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './Toaster.module.css';

/**
 * A sideways drag shorter than this is still a tap: the pointer is captured (so the swipe may leave the
 * toast) only past it, or a tap on the close button would lose its click to the capture.
 */
const SWIPE_START_PX = 10;

/** Follows a sideways swipe of the toast and reports one that went past the spec's threshold. */
function useSwipe(onSwiped: () => void) {
  const start = useRef<{ x: number; pointerId: number } | null>(null);
  const [offset, setOffset] = useState(0);

  const end = (event: PointerEvent<HTMLElement>) => {
    if (start.current?.pointerId !== event.pointerId) return;
    const distance = event.clientX - start.current.x;
    start.current = null;
    setOffset(0);
    if (Math.abs(distance) > TOAST_SWIPE_THRESHOLD_PX) onSwiped();
  };

  return {
    offset,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.button === 0) start.current = { x: event.clientX, pointerId: event.pointerId };
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (start.current?.pointerId !== event.pointerId) return;
        const distance = event.clientX - start.current.x;
        if (Math.abs(distance) > SWIPE_START_PX) event.currentTarget.setPointerCapture?.(event.pointerId);
        setOffset(distance);
      },
      onPointerUp: end,
      onPointerCancel: () => {
        start.current = null;
        setOffset(0);
      },
    },
  };
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dismiss = () => dispatch(dismissToast(toast.id));
  const swipe = useSwipe(dismiss);

  useEffect(() => {
    const timer = setTimeout(() => dispatch(dismissToast(toast.id)), toast.duration);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.duration]);

  return (
    <div
      className={`${styles.toast} ${styles[`toast--${toast.type}`]}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
      style={
        swipe.offset
          ? {
              transform: `translateX(${swipe.offset}px)`,
              opacity: Math.max(0.3, 1 - Math.abs(swipe.offset) / (3 * TOAST_SWIPE_THRESHOLD_PX)),
            }
          : undefined
      }
      {...swipe.handlers}
    >
      <div className={styles.toast__text}>
        <p className={styles.toast__title}>{t(toast.titleKey, toast.values)}</p>
        {toast.descriptionKey && (
          <p className={styles.toast__description}>{t(toast.descriptionKey, toast.values)}</p>
        )}
      </div>
      <button
        type="button"
        className={styles.toast__close}
        aria-label={t('layout:toast.close')}
        onClick={dismiss}
      >
        <SvgIcon icon={CloseOutlined} />
      </button>
    </div>
  );
}

function isShown(element: Element): boolean {
  for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return false;
  }
  return true;
}

/** A modal dialog or drawer on screen (antd keeps some closed ones in the page, hidden). */
function isDialogOpen(): boolean {
  return [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].some(isShown);
}

function watchDialogs(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class', 'style', 'hidden', 'aria-modal'],
  });
  return () => observer.disconnect();
}

const watchNothing = () => () => {};
const noDialog = () => false;

/** Whether a dialog is open; the page is only watched while `watch` is true (a toast is showing). */
function useDialogOpen(watch: boolean): boolean {
  return useSyncExternalStore(watch ? watchDialogs : watchNothing, watch ? isDialogOpen : noDialog, noDialog);
}

/** The CSS variable the open dialog's scroll area ends by (app/global.css): the space the toasts take. */
const CLEARANCE = '--toast-clearance';

/**
 * While a toast shows beside an open dialog, the dialog's area ends above it (app/global.css), so no button
 * of the dialog is ever under the toast: what does not fit scrolls above it.
 */
function useDialogClearance(region: RefObject<HTMLDivElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    const element = region.current;
    if (!active || !element) return;
    const root = document.documentElement;
    const measure = () => {
      const top = element.getBoundingClientRect().top;
      root.style.setProperty(CLEARANCE, `${Math.max(0, window.innerHeight - top + 8)}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(CLEARANCE);
    };
  }, [region, active]);
}

/**
 * Shows the toast queue: one at a time (docs/player-site.md §9); dismissed toasts are forgotten after the
 * delay. The area is a labelled region that F8 focuses. Toasts sit at the top, under the navigation bar;
 * while a dialog is open they move to the bottom, where they cannot cover the dialog's title, and the
 * dialog ends above them.
 */
export function Toaster() {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const toasts = useAppSelector(selectVisibleToasts);
  const all = useAppSelector(selectToasts);
  const region = useRef<HTMLDivElement>(null);
  const besideDialog = useDialogOpen(toasts.length > 0);
  useDialogClearance(region, besideDialog && toasts.length > 0);

  useEffect(() => {
    const timers = all
      .filter((toast) => !toast.open)
      .map((toast) => setTimeout(() => dispatch(removeToast(toast.id)), TOAST_REMOVE_DELAY_MS));
    return () => timers.forEach(clearTimeout);
  }, [all, dispatch]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      region.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div
      ref={region}
      role="region"
      aria-label={t('toast.region', { hotkey: TOAST_HOTKEY })}
      tabIndex={-1}
      // `toaster` stays a plain class too: the end-to-end tests find the toasts by it.
      className={`${styles.toaster} ${besideDialog ? styles['toaster--dialog-open'] : ''} toaster`}
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
