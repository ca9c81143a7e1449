import { useEffect, useState } from 'react';
import { useValidateUsernameMutation } from '@/api';

/** Spec: availability is checked while typing, ~400 ms after the last keystroke. */
export const USERNAME_CHECK_DELAY_MS = 400;

export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'invalid';

/** Asks the server whether a well-formed username is free, debounced; stale answers are ignored. */
export function useUsernameAvailability(username: string | undefined, wellFormed: boolean): Availability {
  const [validateUsername] = useValidateUsernameMutation();
  const [result, setResult] = useState<{ username: string; availability: Availability }>({
    username: '',
    availability: 'idle',
  });

  useEffect(() => {
    if (!username || !wellFormed) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      setResult({ username, availability: 'checking' });
      void validateUsername({ body: { username } }).then((response) => {
        if (!current) return;
        if ('error' in response || !response.data) return setResult({ username, availability: 'idle' });
        const { available, code } = response.data;
        const availability = available ? 'available' : code === 'USERNAME_INVALID' ? 'invalid' : 'taken';
        setResult({ username, availability });
      });
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [username, wellFormed, validateUsername]);

  return username && wellFormed && result.username === username ? result.availability : 'idle';
}
