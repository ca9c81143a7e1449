import type { Fingerprint } from '@/api';
import {
  fingerprintStorageKey,
  readStoredFingerprint,
  shouldSendFingerprint,
  syncFingerprint,
  today,
} from './fingerprint';

const device: Fingerprint = { fingerprint: 'visitor-1', screen: '390x844' };
const monday = new Date(2026, 10, 23, 9, 0, 0);
const tuesday = new Date(2026, 10, 24, 0, 0, 1);

describe('the fingerprint resend rule', () => {
  it('sends when nothing is stored, the fingerprint changed, or the last send was not today', () => {
    expect(shouldSendFingerprint(null, 'a', '2026-11-23')).toBe(true);
    expect(shouldSendFingerprint({ fingerprint: 'a', date: '2026-11-23' }, 'b', '2026-11-23')).toBe(true);
    expect(shouldSendFingerprint({ fingerprint: 'a', date: '2026-11-22' }, 'a', '2026-11-23')).toBe(true);
    expect(shouldSendFingerprint({ fingerprint: 'a', date: '2026-11-23' }, 'a', '2026-11-23')).toBe(false);
  });

  it('sends once a day per agency and remembers only successful sends', async () => {
    const send = jest.fn(async () => ({ ok: true }));
    expect(await syncFingerprint('agency-a', device, send, monday)).toBe(true);
    expect(await syncFingerprint('agency-a', device, send, monday)).toBe(false);
    expect(readStoredFingerprint('agency-a')).toEqual({ fingerprint: 'visitor-1', date: today(monday) });
    // Another agency keeps its own record.
    expect(await syncFingerprint('agency-b', device, send, monday)).toBe(true);
    // The next day, again.
    expect(await syncFingerprint('agency-a', device, send, tuesday)).toBe(true);
    expect(send).toHaveBeenCalledTimes(3);

    const failing = jest.fn(async () => Promise.reject(new Error('offline')));
    await expect(syncFingerprint('agency-c', device, failing, monday)).rejects.toThrow('offline');
    expect(localStorage.getItem(fingerprintStorageKey('agency-c'))).toBeNull();
  });

  it('treats a corrupt stored value as never sent', () => {
    localStorage.setItem(fingerprintStorageKey('agency-a'), '{not json');
    expect(readStoredFingerprint('agency-a')).toBeNull();
  });
});

// FingerprintJS itself is not run here: what is counted is how often the site asks for a collection.
const mockCollect = jest.fn<Promise<Fingerprint>, []>();
jest.mock('./collectFingerprint', () => ({ collectFingerprint: () => mockCollect() }));

describe('collecting the device fingerprint', () => {
  const collected: Fingerprint = { fingerprint: 'visitor-9', screen: '390x844' };

  beforeEach(() => {
    sessionStorage.clear();
    mockCollect.mockReset().mockResolvedValue(collected);
  });

  /** A page load: the module afresh, as a new page of the same tab evaluates it. */
  function loadPage(): () => Promise<Fingerprint> {
    jest.resetModules();
    return jest.requireActual<typeof import('./fingerprint')>('./fingerprint').getDeviceFingerprint;
  }

  it('happens once per tab: the next page loaded in the tab reuses it', async () => {
    const firstPage = loadPage();
    await expect(firstPage()).resolves.toEqual(collected);
    await expect(firstPage()).resolves.toEqual(collected);
    await expect(loadPage()()).resolves.toEqual(collected);
    expect(mockCollect).toHaveBeenCalledTimes(1);
  });

  it('happens again when the tab kept nothing readable', async () => {
    sessionStorage.setItem('device-fingerprint', '{not json');
    await expect(loadPage()()).resolves.toEqual(collected);
    expect(mockCollect).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem('device-fingerprint')!)).toEqual(collected);
  });
});
