/**
 * Idempotency keys for calls that move money: a retry of the same submission (same payload, e.g. after a
 * network error) reuses its key so the server answers with the first result instead of moving money twice;
 * a different payload, or the next submission after a success, gets a fresh key.
 */
export function createIdempotencyKeys() {
  let last: { payload: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const text = JSON.stringify(payload);
      if (last?.payload !== text) last = { payload: text, key: crypto.randomUUID() };
      return last.key;
    },
    /** Call after a success: the next submission is a new operation. */
    reset(): void {
      last = null;
    },
  };
}
