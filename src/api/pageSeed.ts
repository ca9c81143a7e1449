// Answers a page arrives with: the server renders some pages with their public data (a provider's lobby
// with its games, the promotions) and writes those answers into the page, so the browser starts from the same cache and
// takes the markup over as it is, with no request and no second render.
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from './cache';
import { holdWithoutFetch } from './seededAnswers';
import type {
  GetPromotionApiArg,
  GetPromotionApiResponse,
  ListGamesApiArg,
  ListGamesApiResponse,
  ListPromotionsApiArg,
  ListPromotionsApiResponse,
} from './generated';

/**
 * One query's answer, as the generated client names it. Public data on the pages the service worker may
 * keep offline; a player's own answers only on the form pages the server renders per request, which it
 * never keeps (server/src/http/formPages.ts, scripts/buildServiceWorker.mjs).
 */
export type PageSeed =
  | { endpoint: 'listGames'; args: ListGamesApiArg; data: ListGamesApiResponse }
  | { endpoint: 'listPromotions'; args: ListPromotionsApiArg; data: ListPromotionsApiResponse }
  | { endpoint: 'getPromotion'; args: GetPromotionApiArg; data: GetPromotionApiResponse }
  | { endpoint: QueryEndpoint; args: unknown; data: unknown };

/** The generated client's queries (a seed naming anything else is left out). */
type QueryEndpoint = keyof typeof api.endpoints;

function isQueryEndpoint(name: string): name is QueryEndpoint {
  const endpoint = (api.endpoints as Record<string, { initiate?: unknown; select?: unknown }>)[name];
  // Queries have a `select` taking args; mutations are told apart by their `matchFulfilled` only, so a seed
  // is applied only for names the app reads as queries (upsertQueryData refuses a mutation's name anyway).
  return endpoint !== undefined && Object.hasOwn(api.endpoints, name);
}

/** The id of the data block (`<script type="application/json">`, which the Content-Security-Policy allows). */
export const PAGE_SEED_ID = 'page-seed';

/**
 * Puts the answers in the cache as if they had just been fetched, and holds each until the page is taken
 * over: the credit queries are dropped the moment nothing holds them, which would leave the page's first
 * render without the answers it was drawn with. Returns the release of that hold.
 */
export async function applyPageSeeds(
  dispatch: Dispatch<UnknownAction>,
  seeds: readonly PageSeed[],
): Promise<() => void> {
  // The thunk's dispatch is typed by the store; these calls need only the plain one.
  const run = dispatch as unknown as (thunk: unknown) => Promise<unknown> & { unsubscribe?: () => void };
  const holds: (() => void)[] = [];
  for (const seed of seeds) {
    if (!isQueryEndpoint(seed.endpoint)) continue;
    // Each seed's args and data belong to its endpoint, as the server's render of the same queries wrote
    // them; TypeScript cannot follow that through the generic.
    const endpoint = seed.endpoint as 'listGames';
    const stored = await run(api.util.upsertQueryData(endpoint, seed.args as never, seed.data as never)).then(
      () => true,
      () => false,
    );
    if (!stored) continue;
    const hold = holdWithoutFetch(endpoint, seed.args, () =>
      run(api.endpoints[endpoint].initiate(seed.args as never, { subscribe: true })),
    );
    holds.push(() => hold.unsubscribe?.());
  }
  return () => holds.forEach((release) => release());
}

/** The answers written into this page, or none (a page without them, or a block that cannot be read). */
export function readPageSeeds(doc: Document): PageSeed[] {
  const text = doc.getElementById(PAGE_SEED_ID)?.textContent;
  if (!text) return [];
  try {
    const seeds: unknown = JSON.parse(text);
    return Array.isArray(seeds) ? (seeds as PageSeed[]) : [];
  } catch {
    return [];
  }
}

/**
 * The data block for <head>. Game names come from providers: every character that could close the element
 * or start markup is escaped, so no answer can end the block and inject a script.
 */
export function pageSeedBlock(seeds: readonly PageSeed[]): string {
  const json = JSON.stringify(seeds).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${PAGE_SEED_ID}">${json}</script>`;
}
