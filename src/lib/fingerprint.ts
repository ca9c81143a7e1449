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

/** Where a tab keeps the fingerprint it collected, for the next pages it loads (sessionStorage). */
export const TAB_FINGERPRINT_KEY = 'device-fingerprint';

function collectedInThisTab(): Fingerprint | undefined {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(TAB_FINGERPRINT_KEY) ?? 'null');
    return typeof kept === 'object' && kept && typeof (kept as Fingerprint).fingerprint === 'string'
      ? (kept as Fingerprint)
      : undefined;
  } catch {
    return undefined;
  }
}

function keepInThisTab(fingerprint: Fingerprint): Fingerprint {
  try {
    sessionStorage.setItem(TAB_FINGERPRINT_KEY, JSON.stringify(fingerprint));
  } catch {
    // Without storage the next page collects it again.
  }
  return fingerprint;
}

let fingerprintPromise: Promise<Fingerprint> | undefined;

/**
 * One collection per tab, shared by the daily sync and the registration form. Collecting takes a phone's
 * main thread for most of a second (canvas, audio, fonts, in tasks of up to 70 ms), and the device does not
 * change while a tab is open: a page loaded again in the same tab (a reload, a sign-in) compares the
 * fingerprint collected before.
 */
export function getDeviceFingerprint(): Promise<Fingerprint> {
  const kept = collectedInThisTab();
  fingerprintPromise ??= kept
    ? Promise.resolve(kept)
    : import('./collectFingerprint').then(async (m) => keepInThisTab(await m.collectFingerprint()));
  return fingerprintPromise;
}
