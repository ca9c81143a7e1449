import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/lib/storeHooks';
import {
  dismissToast,
  removeToast,
  selectToasts,
  selectVisibleToasts,
  TOAST_REMOVE_DELAY_MS,
  type Toast,
} from '@/lib/toast';
import { SvgIcon } from '@/ui/SvgIcon';
import styles from './Toaster.module.css';

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();

  useEffect(() => {
    const dismiss = setTimeout(() => dispatch(dismissToast(toast.id)), toast.duration);
    return () => clearTimeout(dismiss);
  }, [dispatch, toast.id, toast.duration]);

  return (
    <div
      className={`${styles.toast} ${styles[`toast--${toast.type}`]}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
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
        onClick={() => dispatch(dismissToast(toast.id))}
      >
        <SvgIcon icon={CloseOutlined} />
      </button>
    </div>
  );
}

/** Shows the toast queue: one at a time (docs/player-site.md §9); dismissed toasts are forgotten after the delay. */
export function Toaster() {
  const dispatch = useAppDispatch();
  const toasts = useAppSelector(selectVisibleToasts);
  const all = useAppSelector(selectToasts);

  useEffect(() => {
    const timers = all
      .filter((toast) => !toast.open)
      .map((toast) => setTimeout(() => dispatch(removeToast(toast.id)), TOAST_REMOVE_DELAY_MS));
    return () => timers.forEach(clearTimeout);
  }, [all, dispatch]);

  return (
    // `toaster` stays a plain class too: the end-to-end tests find the toasts by it.
    <div className={`${styles.toaster} toaster`} aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
