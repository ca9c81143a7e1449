import { useRef } from 'react';
import { useMoveCreditMutation, type Provider } from '@/api';
import { createIdempotencyKeys } from '@/lib/idempotencyKeys';
import type { CreditSource } from './creditSources';

/**
 * Brings all the credit of a source provider into `to` with the server's moveCredit. Each source keeps its
 * idempotency key until a move from it succeeds, so a double tap or a retry after a lost answer moves once.
 */
export function useBringCredit(to: Provider) {
  const [moveCredit, moving] = useMoveCreditMutation();
  const keys = useRef(new Map<Provider, ReturnType<typeof createIdempotencyKeys>>()).current;

  const bring = async (source: CreditSource): Promise<void> => {
    const request = { from: source.provider, to, credit: source.credit };
    const sourceKeys = keys.get(source.provider) ?? createIdempotencyKeys();
    keys.set(source.provider, sourceKeys);
    await moveCredit({ 'Idempotency-Key': sourceKeys.keyFor(request), moveCreditRequest: request }).unwrap();
    sourceKeys.reset();
  };
  return { bring, bringing: moving.isLoading };
}
