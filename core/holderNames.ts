/**
 * A bank account holder's name as the abuse rules compare it (docs/rewards.md): the same name written
 * another way is the same holder. Unicode compatibility forms are folded (NFKC: full-width letters, ligatures,
 * composed and decomposed marks), invisible characters removed (zero-width spaces and joiners, soft hyphens,
 * the byte-order mark), case folded, and every run of white space (any Unicode space) made one space.
 */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/gu;

export function holderNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toUpperCase()
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Whether two holder names name the same holder. */
export function sameHolder(a: string, b: string): boolean {
  return holderNameKey(a) === holderNameKey(b);
}
