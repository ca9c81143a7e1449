/**
 * The credit queries fetch again for every new subscriber (cache.ts) and are dropped as soon as none is
 * left. A page's answers written in by the server (pageSeed.ts) are held from the moment they are put in
 * the cache until the page is taken over, and that hold must not fetch: the page would hydrate with a
 * reading in flight instead of the credit it was drawn with.
 */
const holding = new Set<string>();

const idOf = (endpoint: string, args: unknown) => `${endpoint} ${JSON.stringify(args ?? null)}`;

/** Runs `subscribe` (an initiate of this query) as a hold on the answer in the cache: it does not fetch. */
export function holdWithoutFetch<T>(endpoint: string, args: unknown, subscribe: () => T): T {
  const id = idOf(endpoint, args);
  holding.add(id);
  try {
    // RTK Query asks forceRefetch synchronously, while the query is dispatched.
    return subscribe();
  } finally {
    holding.delete(id);
  }
}

/** The forceRefetch of an endpoint that asks again for every new subscriber, but a page's hold. */
export function refetchUnlessSeeded(endpoint: string) {
  return ({ currentArg }: { currentArg: unknown }): boolean => !holding.has(idOf(endpoint, currentArg));
}
