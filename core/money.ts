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
