/**
 * pg returns bigint columns as strings and PGlite may return BigInt: money columns go through here so a
 * value beyond 2^53 fails loudly instead of losing precision.
 */
export function toInt(value: unknown): number {
  const n =
    typeof value === 'bigint' ? Number(value) : typeof value === 'string' ? Number(value) : (value as number);
  if (!Number.isSafeInteger(n)) throw new Error(`not a safe integer: ${String(value)}`);
  return n;
}

export function toIso(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** Unique-violation (23505) of the given constraint or index, from pg or PGlite. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (!e || e.code !== '23505') return false;
  if (!constraint) return true;
  return e.constraint === constraint || (e.message ?? '').includes(constraint);
}
