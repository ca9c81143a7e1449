// THB amounts travel as integer satang (1/100 baht). The player types baht with up to two decimals;
// parseThbToSatang and satangToThb are the only place text and satang meet, so no float touches money.

const THB_TEXT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** '100.50' → 10050, '7' → 700, '-1.5' → -150; null when the text is not a baht amount. */
export function parseThbToSatang(text: string): number | null {
  const match = THB_TEXT.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  const [, minus, baht = '0', fraction = ''] = match;
  const satang = Number(baht) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(satang)) return null;
  return minus ? -satang : satang;
}

/** 10050 → '100.50', -5 → '-0.05': the plain decimal form, as typed into an input or sent as credit. */
export function satangToThb(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(satang);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Satang as the contract's Money: 15384 → { amount: '153.84', currency: 'THB' }. */
export function thbMoney(satang: number): { amount: string; currency: 'THB' } {
  return { amount: satangToThb(satang), currency: 'THB' };
}

/**
 * Baht as a player types them: in the site's way of writing numbers ('1.234,56', docs/player-site.md §9) or
 * the plain one ('1234.56', '1,234.56'). A '.' or ',' followed by one or two digits at the end marks the
 * decimals; one followed by three digits groups thousands. So '100,50' is 10050 satang, as the site writes
 * it, never 10050 baht. Null for anything else.
 */
export function parseTypedBaht(text: string): number | null {
  const match = TYPED_NUMBER.exec(text.replace(/[\s\u00a0\u202f]/g, ''));
  if (!match) return null;
  const [, whole = '', fraction] = match;
  return parseThbToSatang(`${whole.replace(/[.,]/g, '')}${fraction ? `.${fraction}` : ''}`);
}

/** Whole kip as a player types them: digits, with '.' or ',' grouping thousands ('100.000' as the site writes it). */
export function parseTypedKip(text: string): number | null {
  const match = TYPED_NUMBER.exec(text.replace(/[\s\u00a0\u202f]/g, ''));
  if (!match || match[2] !== undefined) return null;
  const kip = Number((match[1] ?? '').replace(/[.,]/g, ''));
  return Number.isSafeInteger(kip) ? kip : null;
}

/** Digits grouped by three with '.' or ',' (or not grouped), then maybe one or two decimals after either. */
const TYPED_NUMBER = /^(\d{1,3}(?:[.,]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/;
