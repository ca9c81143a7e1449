import { createIdempotencyKeys } from './idempotencyKeys';

describe('createIdempotencyKeys', () => {
  it('reuses the key for a retry of the same payload and renews it otherwise', () => {
    const keys = createIdempotencyKeys();
    const first = keys.keyFor({ amount: 100000 });
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(keys.keyFor({ amount: 100000 })).toBe(first);
    const changed = keys.keyFor({ amount: 200000 });
    expect(changed).not.toBe(first);
    keys.reset();
    expect(keys.keyFor({ amount: 200000 })).not.toBe(changed);
  });
});
