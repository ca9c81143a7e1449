import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, onUnauthorized } from '@/api';
import { useAppDispatch } from '@/app/hooks';

/** Spec section 8: a 401 from any call but player info and agency info sends the browser to /login. */
export function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  useEffect(
    () =>
      onUnauthorized(() => {
        // The session is gone: ask again who this is, so no page acts on the stale player.
        dispatch(api.util.invalidateTags(['PlayerInfo']));
        void navigate('/login', { replace: true });
      }),
    [dispatch, navigate],
  );
}
