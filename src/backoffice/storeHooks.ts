import { useDispatch } from 'react-redux';
import type { BackofficeStore } from './store';

/** The back office store's dispatch, typed: its components use this, never react-redux's plain hook. */
export const useBackofficeDispatch = useDispatch.withTypes<BackofficeStore['dispatch']>();
