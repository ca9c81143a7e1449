/** A baht amount as staff type it: whole baht, or with one or two satang digits ("1500", "1500.5"). */
export const BAHT = /^([0-9]{1,9}(\.[0-9]{1,2})?)?$/;

/** Satang from a typed baht amount, without floating point: "1500.5" → 150050; empty → null. */
export function toSatang(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const [baht, cents = ''] = trimmed.split('.');
  return Number(baht) * 100 + Number(cents.padEnd(2, '0'));
}
