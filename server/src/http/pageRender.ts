import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress as brotliCompressCallback, constants, gzip as gzipCallback } from 'node:zlib';
import { PROVIDERS } from '@core/providers';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { listGames } from '../domain/games/games';
import { getPromotion, listPromotionBanners, listPromotions } from '../domain/promotions/promotionCatalogue';
import type { ActiveSession } from '../domain/players/sessions';

/**
 * Pages the server renders per request with their public data, so that what is largest on them (the home
 * page's banner, a lobby's game pictures, a promotion's image, an opened game's artwork) is in the HTML and starts loading
 * with it, instead of after the scripts, the hydration and the request for its data. They are rendered by the bundle the build pre-renders with
 * (src/prerender/render.tsx, copied by scripts/prerender.mjs), which writes the answers into the page for
 * the browser's cache (src/api/pageSeed.ts). Only data that is the same for every player goes in: the
 * service worker may keep these pages for offline use on a shared phone.
 */

/** A query's answer as the web app's generated client names it (src/api/pageSeed.ts). */
type PageSeed =
  | {
      endpoint: 'listGames';
      args: { provider: string } | { category: 'slot' } | Record<string, never>;
      data: { games: unknown[] };
    }
  | {
      endpoint: 'listPromotions' | 'listPromotionBanners';
      args: { lang: 'lo' };
      data: { promotions: unknown[] };
    }
  | { endpoint: 'getPromotion'; args: { promotionId: string; lang: 'lo' }; data: { promotion: unknown } };

/** What a form page is rendered with (src/prerender/render.tsx, LiveRequest). */
export interface LiveRequest {
  language: 'lo' | 'th' | 'cn' | 'vn';
  fetch: typeof fetch;
  formPost: object;
}

interface RenderBundle {
  setTexts(resources: Record<string, Record<string, Record<string, unknown>>>): void;
  setPageChunks(groups: Record<string, string[]>): void;
  renderPage(url: string, seeds: PageSeed[]): Promise<{ html: string; head: string }>;
  renderLivePage(url: string, request: LiveRequest): Promise<{ html: string; head: string }>;
  pageDocument(
    template: string,
    url: string,
    page: { html: string; head: string },
    language?: LiveRequest['language'],
  ): string;
}

/** Renders the form pages per request with one player's answers (http/formPages.ts): never kept. */
export interface LiveRenderer {
  renderLive(url: string, request: LiveRequest): Promise<string>;
}

const brotliCompress = promisify(brotliCompressCallback);
const gzip = promisify(gzipCallback);

/**
 * A page rendered with its data, kept with its compressed forms, each made once when first asked for at
 * the build's strength (scripts/precompress.mjs), not the server's lighter on-the-fly one: the page then
 * fits the first 14 KB a new connection may send, like the pages rendered at build time.
 */
export class RenderedDocument {
  private readonly encoded = new Map<'br' | 'gzip', Promise<Buffer>>();

  constructor(readonly html: string) {}

  /** Compressed on libuv's threads: brotli's strongest setting takes tens of milliseconds on a page. */
  as(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      const bytes = Buffer.from(this.html);
      body =
        encoding === 'br'
          ? brotliCompress(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            })
          : gzip(bytes, { level: 9 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** Rendered pages kept, the most recently sent last: a lobby's games change rarely, its visits often. */
const KEPT_DOCUMENTS = 32;

export interface PageRenderer {
  /** Whether this page may be rendered per request (the lobbies, the game view, the promotions). */
  renders(url: string): boolean;
  /**
   * The page with its data, or undefined for a page rendered from a file as before. `session` is the
   * request's live session, looked up only for a page that needs one.
   */
  render(url: string, session: () => Promise<ActiveSession | null>): Promise<RenderedDocument | undefined>;
}

/** The home page a visitor opens: its promotion banners (its largest picture) and rows of games. */
const HOME = '/';
/** A provider's lobby, or one of its games opened (whose title comes from the same list). */
const LOBBY = /^\/player\/game\/([a-z_]+)(?:\/play\/[a-z0-9-]{3,64})?$/;
/** A provider's lobby as a visitor browses it (src/features/game/VisitorLobbyPage.tsx). */
const VISITOR_LOBBY = /^\/games\/([a-z_]+)$/;
/** One category across every provider: without a query, slots (src/features/game/CategoryLobbyPage.tsx). */
const CATEGORY_LOBBY = '/player/games';
const PROMOTIONS = '/player/promotion';
/** The contract's promotion id pattern. */
const PROMOTION = /^\/player\/promotion\/([a-z0-9-]{1,64})$/;

/** As the API answers it, so the browser's cache holds exactly what a request would have brought. */
const asAnswered = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The answers a page is rendered with, or undefined when it is rendered from its file. The promotions
 * are the same for every player, but shown only to a player with a bank account (docs/player-site.md §6):
 * they are rendered for a live session that has one, and the page holds nothing of that player's.
 */
async function seedsFor(
  ctx: AppContext,
  url: string,
  session: () => Promise<ActiveSession | null>,
): Promise<PageSeed[] | undefined> {
  if (url === HOME) {
    // As the home page asks them (src/features/home/HomeShowcase.tsx): every game, the banners in Lao.
    const [games, promotions] = await Promise.all([
      listGames(ctx.db, {}),
      listPromotionBanners(ctx.db, 'lo'),
    ]);
    return [
      { endpoint: 'listGames', args: {}, data: asAnswered({ games }) },
      { endpoint: 'listPromotionBanners', args: { lang: 'lo' }, data: asAnswered({ promotions }) },
    ];
  }
  const provider = LOBBY.exec(url)?.[1] ?? VISITOR_LOBBY.exec(url)?.[1];
  if (provider) {
    if (!(PROVIDERS as readonly string[]).includes(provider)) return undefined;
    const games = await listGames(ctx.db, { provider: provider as (typeof PROVIDERS)[number] });
    return [{ endpoint: 'listGames', args: { provider }, data: asAnswered({ games }) }];
  }
  if (url === CATEGORY_LOBBY) {
    const games = await listGames(ctx.db, { category: 'slot' });
    return [{ endpoint: 'listGames', args: { category: 'slot' }, data: asAnswered({ games }) }];
  }
  const promotionId = PROMOTION.exec(url)?.[1];
  if (url !== PROMOTIONS && !promotionId) return undefined;
  const player = await session();
  if (!player?.bankAccounts?.length) return undefined;
  if (!promotionId) {
    const promotions = await listPromotions(ctx.db, 'lo', player.playerId);
    return [{ endpoint: 'listPromotions', args: { lang: 'lo' }, data: asAnswered({ promotions }) }];
  }
  const promotion = await getPromotion(ctx.db, promotionId, 'lo').catch((err: unknown) => {
    // An unknown promotion: the browser renders the page and its "not found".
    if (err instanceof DomainError && err.code === 'PROMOTION_NOT_FOUND') return undefined;
    throw err;
  });
  if (!promotion) return undefined;
  return [{ endpoint: 'getPromotion', args: { promotionId, lang: 'lo' }, data: asAnswered({ promotion }) }];
}

/**
 * The texts of every language (the build's copy of public/locales): the public pages are rendered in Lao,
 * the form pages in the player's language.
 */
function readTexts(webDir: string): Record<string, Record<string, Record<string, unknown>>> {
  const texts: Record<string, Record<string, Record<string, unknown>>> = {};
  const root = path.join(webDir, 'locales');
  for (const language of readdirSync(root)) {
    const dir = path.join(root, language);
    texts[language] = {};
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')))
      texts[language][path.basename(file, '.json')] = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  }
  return texts;
}

/**
 * The renderer of a build that made one (none for a build without it, or for the API alone). The bundle
 * is loaded on the first page that needs it: the server starts as fast as before.
 */
export function createPageRenderer(
  ctx: AppContext,
  webDir: string,
): (PageRenderer & LiveRenderer) | undefined {
  const bundlePath = path.join(webDir, 'prerendered', 'render.cjs');
  const templatePath = path.join(webDir, 'prerendered', 'template.html');
  if (!existsSync(bundlePath) || !existsSync(templatePath)) return undefined;
  let loaded: { bundle: RenderBundle; template: string } | undefined;
  const load = () => {
    if (!loaded) {
      const bundle = createRequire(__filename)(bundlePath) as RenderBundle;
      bundle.setTexts(readTexts(webDir));
      // Each page names its chunk group's files with the app's scripts (webpack.config.ts, PageChunksPlugin).
      const pageChunks = path.join(webDir, 'prerendered', 'page-chunks.json');
      if (existsSync(pageChunks)) bundle.setPageChunks(JSON.parse(readFileSync(pageChunks, 'utf8')));
      loaded = { bundle, template: readFileSync(templatePath, 'utf8') };
    }
    return loaded;
  };
  // The page is a function of its address and its answers alone: the same ones give the same page.
  const kept = new Map<string, RenderedDocument>();
  return {
    async renderLive(url, request) {
      const { bundle, template } = load();
      const page = await bundle.renderLivePage(url, request);
      return bundle.pageDocument(template, url, page, request.language);
    },
    renders: (url) =>
      url === HOME ||
      LOBBY.test(url) ||
      VISITOR_LOBBY.test(url) ||
      url === CATEGORY_LOBBY ||
      url === PROMOTIONS ||
      PROMOTION.test(url),
    async render(url, session) {
      const seeds = await seedsFor(ctx, url, session);
      if (!seeds) return undefined;
      const key = createHash('sha256').update(url).update('\n').update(JSON.stringify(seeds)).digest('hex');
      let document = kept.get(key);
      if (document) kept.delete(key);
      else {
        const { bundle, template } = load();
        document = new RenderedDocument(
          bundle.pageDocument(template, url, await bundle.renderPage(url, seeds)),
        );
        if (kept.size >= KEPT_DOCUMENTS) kept.delete(kept.keys().next().value!);
      }
      kept.set(key, document);
      return document;
    },
  };
}
