import { useEffect } from 'react';
import { useSaveFingerprintMutation } from '@/api';
import { getDeviceFingerprint, syncFingerprint } from '@/lib/fingerprint';

/**
 * Sends the device fingerprint once the agency is known, after the page is idle so it never competes with
 * the first paint. The daily resend rule lives in lib/fingerprint.ts.
 */
export function useFingerprintSync(agencyId: string | undefined): void {
  const [saveFingerprint] = useSaveFingerprintMutation();

  useEffect(() => {
    if (!agencyId) return undefined;
    let cancelled = false;
    const run = () => {
      void getDeviceFingerprint()
        .then((fingerprint) => {
          if (cancelled) return false;
          return syncFingerprint(agencyId, fingerprint, (body) =>
            saveFingerprint({ body: { fingerprint: body } }).unwrap(),
          );
        })
        .catch(() => {
          // A missing fingerprint must never break the site; the next visit tries again.
        });
    };
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(run);
    return () => {
      cancelled = true;
      cancelIdle(handle);
    };
  }, [agencyId, saveFingerprint]);
}
