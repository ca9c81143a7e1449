import { useDispatch, useSelector } from 'react-redux';
// Types only: the store is assembled in app/, but every floor may read and dispatch to it.
import type { AppDispatch, RootState } from '@/app/store';

/** The store's hooks, typed: components use these, never react-redux's plain ones. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
