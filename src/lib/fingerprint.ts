import type { Fingerprint } from '@/api';

/** What is remembered after a successful send, per agency (docs/player-site.md §4). */
export interface StoredFingerprint {
  fingerprint: string;
  /** YYYY-MM-DD, local time. */
  date: string;
}

export function fingerprintStorageKey(agencyId: string): string {
  return `fingerprint:${agencyId}`;
}

export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Send again only when the device's fingerprint changed or the last send was not today (a daily check). */
export function shouldSendFingerprint(
  stored: StoredFingerprint | null,
  visitorId: string,
  date: string,
): boolean {
  return !stored || stored.fingerprint !== visitorId || stored.date !== date;
}

export function readStoredFingerprint(agencyId: string): StoredFingerprint | null {
  try {
    const raw = localStorage.getItem(fingerprintStorageKey(agencyId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredFingerprint>;
    return typeof parsed.fingerprint === 'string' && typeof parsed.date === 'string'
      ? { fingerprint: parsed.fingerprint, date: parsed.date }
      : null;
  } catch {
    return null; // Corrupt or unavailable storage: treat as never sent.
  }
}

export function storeFingerprint(agencyId: string, value: StoredFingerprint): void {
  try {
    localStorage.setItem(fingerprintStorageKey(agencyId), JSON.stringify(value));
  } catch {
    // Without storage the fingerprint is simply sent again next time.
  }
}

/**
 * Sends the fingerprint when the resend rule asks for it, and remembers it only after the server took it.
 * Returns whether a send happened.
 */
export async function syncFingerprint(
  agencyId: string,
  fingerprint: Fingerprint,
  send: (fingerprint: Fingerprint) => Promise<unknown>,
  now: Date = new Date(),
): Promise<boolean> {
  const date = today(now);
  if (!shouldSendFingerprint(readStoredFingerprint(agencyId), fingerprint.fingerprint, date)) return false;
  await send(fingerprint);
  storeFingerprint(agencyId, { fingerprint: fingerprint.fingerprint, date });
  return true;
}

let fingerprintPromise: Promise<Fingerprint> | undefined;

/** One collection per page load, shared by the daily sync and the registration form. */
export function getDeviceFingerprint(): Promise<Fingerprint> {
  fingerprintPromise ??= import('./collectFingerprint').then((m) => m.collectFingerprint());
  return fingerprintPromise;
}
