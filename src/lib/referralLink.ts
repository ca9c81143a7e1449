/**
 * The referral code a visitor arrived with (refer a friend, docs/rewards.md): `?ref=<code>` on any page is
 * kept in this browser for 30 days, the first link winning, and sent with the registration.
 */

const KEY = 'laostar.referral';
const KEEP_MS = 30 * 24 * 3_600_000;
const CODE = /^[A-Z0-9]{8}$/;

interface Kept {
  code: string;
  at: number;
}

function kept(now: number): Kept | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Kept | null;
    return value && CODE.test(value.code) && now - value.at < KEEP_MS ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the code of the address's `ref`, unless one kept within 30 days is there already. */
export function rememberReferral(search: string, now = Date.now()): void {
  const code = new URLSearchParams(search).get('ref')?.trim().toUpperCase();
  if (!code || !CODE.test(code) || kept(now)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, at: now }));
  } catch {
    // Storage refused (private mode): the link works for this visit only if the page registers now.
  }
}

/** The code to register with, if one is kept. */
export function keptReferralCode(now = Date.now()): string | undefined {
  return kept(now)?.code;
}

/** The link a player shares: the registration page with their code. */
export function referralLink(origin: string, code: string): string {
  return `${origin}/register?ref=${code}`;
}
