import { useEffect } from 'react';
import { useSaveFingerprintMutation } from '@/api';
import { getDeviceFingerprint, syncFingerprint } from '@/lib/fingerprint';

/** How long after the page has loaded the fingerprint is collected. */
export const FINGERPRINT_DELAY_MS = 5000;

/**
 * Sends the device fingerprint once the agency is known. Collecting it (canvas, audio, fonts) takes
 * hundreds of milliseconds of main thread on a mid-range phone, and nothing on screen needs it, so it
 * waits until a few seconds after the page has loaded and then for an idle moment. Registration asks for
 * it directly when the form is sent. The daily resend rule lives in lib/fingerprint.ts.
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
    let idleHandle: number | undefined;
    let delayHandle: number | undefined;
    const wait = () => {
      delayHandle = window.setTimeout(() => {
        idleHandle = idle(run);
      }, FINGERPRINT_DELAY_MS);
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', wait);
      window.clearTimeout(delayHandle);
      if (idleHandle !== undefined) cancelIdle(idleHandle);
    };
  }, [agencyId, saveFingerprint]);
}
