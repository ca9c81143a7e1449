import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, PRERENDER_LANGUAGE } from '@core/prerender';
import type { AppContext } from '../context';
import { currentSession, sessionCookieName } from './auth';
import { sendApiNotFound } from './errorHandler';
import { createPageRenderer, type RenderedDocument } from './pageRender';
import { registerFormPages } from './formPages';

/** Webpack names long-lived files with a content hash, e.g. main.3f2a9c1b.js or 3f2a9c1b4d5e.css. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/i;
/** main.3f2a9c1b.js.map, and its pre-compressed siblings. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;
/** The pre-rendered pages, their template and renderer: sent only as pages, by sendIndex. */
const PRERENDERED_DIR = /^\/prerendered(\/|$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, locales, icons) is revalidated each time so a deploy shows at once. */
const REVALIDATE = 'no-cache';
const PLAYER_PAGE = /^\/player(\/|$)/;
/** The back office's pages: one document from its own build (dist/backoffice), routed in the browser. */
const BACKOFFICE_PAGE = /^\/backoffice(\/|$)/;
const BACKOFFICE_INDEX = path.join('backoffice', 'index.html');
/** The contract's getPlayerSession, as the browser asks for it. */
const SESSION_PRELOAD = '/api/v2/players/session';

/**
 * The compression the request accepts, brotli first: "br, gzip", "gzip;q=1, br;q=0.5" and "*" all take
 * one; "br;q=0" refuses it.
 */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name === 'x-gzip' ? 'gzip' : name);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  return accepted.has('gzip') ? 'gzip' : undefined;
}

/** A page rendered per request, compressed as the build compresses its files when the browser takes it. */
async function sendDocument(req: FastifyRequest, reply: FastifyReply, document: RenderedDocument) {
  reply.type('text/html; charset=utf-8').header('Vary', 'Cookie, Accept-Encoding');
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(document.html);
  return reply.header('Content-Encoding', encoding).send(await document.as(encoding));
}

function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(path.basename(filePath)) ? IMMUTABLE : REVALIDATE;
}

/** A page rendered at build time: its file under prerendered/, and who it is for. */
interface PrerenderedPage {
  file: string;
  /** 'open' pages (the sandbox bank) are the same for a visitor and a player until the session answers. */
  access: 'visitor' | 'player' | 'open';
}

/**
 * The pages rendered at build time (scripts/prerender.mjs), by path: read from the manifest that script
 * writes beside them, so the list lives in one place. None when the build made none.
 */
function readPrerenderedPages(webDir: string): Map<string, PrerenderedPage> {
  const manifest = path.join(webDir, 'prerendered', 'manifest.json');
  if (!existsSync(manifest)) return new Map();
  return new Map(
    Object.entries(JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, PrerenderedPage>),
  );
}

/** "/login/?next=x" → "/login" */
function pagePath(url: string): string {
  const bare = url.split('?')[0] ?? '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/**
 * Serves the built web app from config.webDir on the API's own port: static files, /locales from the
 * build or from public/locales, and index.html for any other GET that is neither /api nor a file, so the
 * client router can take over. Unknown /api paths get the contract's 404.
 */
export async function registerStatic(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  const webDir = path.resolve(config.webDir);
  const indexHtml = path.join(webDir, 'index.html');
  const hasWeb = existsSync(indexHtml);

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      // Use main.js.br / main.js.gz next to a file when the build made them; compress otherwise.
      preCompressed: true,
      // Source maps would hand anyone the original source: they stay on the server (for logs) only.
      // Nothing under /api is a file: what no API route took is the not-found handler's.
      allowedPath: (pathName) =>
        !pathName.startsWith('/api/') && !SOURCE_MAP.test(pathName) && !PRERENDERED_DIR.test(pathName),
      setHeaders: (res, filePath) => res.header('Cache-Control', cacheControlFor(filePath)),
    });
  }

  const builtLocales = path.join(webDir, 'locales');
  const sourceLocales = path.resolve('public', 'locales');
  if (!existsSync(builtLocales) && existsSync(sourceLocales)) {
    await app.register(fastifyStatic, {
      root: sourceLocales,
      prefix: '/locales/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res) => res.header('Cache-Control', REVALIDATE),
    });
  }

  const prerendered = readPrerenderedPages(webDir);
  const renderer = hasWeb ? createPageRenderer(ctx, webDir) : undefined;
  const cookieName = sessionCookieName(config);
  const formPages = registerFormPages(app, ctx, renderer);
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', REVALIDATE);
    reply.header('Vary', 'Cookie');
    const url = pagePath(req.url);
    const hasSession = Boolean(req.cookies[cookieName]);
    const isPlayerPage = PLAYER_PAGE.test(url);
    // A player page starts by reading the session (src/api/sessionBoot.ts): named here, that request
    // leaves with the page's scripts instead of after them, one round trip sooner on a slow link.
    if (hasSession && isPlayerPage) {
      reply.header('Link', `<${SESSION_PRELOAD}>; rel=preload; as=fetch; crossorigin=anonymous`);
    }
    // The pages on the way to a first deposit and withdrawal, with the player's answers and live forms.
    if (hasSession || !isPlayerPage) {
      try {
        if (await formPages.render(req, reply)) return reply;
      } catch (err) {
        req.log.error({ err, url }, 'form page not rendered; sending the pre-rendered file');
      }
    }
    const page = prerendered.get(url);
    // A page fits the request when it is for who is asking (a /player page for a session, a visitor page
    // for none: a signed-in player is sent on from /login, a visitor from /player; an open page for
    // anyone) and the browser's language is the one the pages are rendered in (Lao, the default). Pages
    // are rendered without a query: a /player page with one, or any page asked for another lobby tab
    // (`?tab=`, which changes what it shows), is rendered by the browser, so no first render differs
    // from the page the browser was sent.
    const fits =
      !(isPlayerPage && req.url.includes('?')) &&
      !new URLSearchParams(req.url.split('?')[1] ?? '').has('tab') &&
      (page?.access === 'open' || isPlayerPage === hasSession) &&
      (req.cookies[LANGUAGE_COOKIE] ?? PRERENDER_LANGUAGE) === PRERENDER_LANGUAGE;
    if (fits && renderer?.renders(url)) {
      try {
        const rendered = await renderer.render(url, () => currentSession(req, ctx, { bankAccounts: true }));
        if (rendered !== undefined) return sendDocument(req, reply, rendered);
      } catch (err) {
        // The page as the build rendered it (its data then comes from the API) is still right.
        req.log.error({ err, url }, 'page not rendered with its data; sending the pre-rendered file');
      }
    }
    return reply.sendFile(fits && page ? path.join('prerendered', page.file) : 'index.html', webDir);
  };
  const hasBackoffice = existsSync(path.join(webDir, BACKOFFICE_INDEX));
  const sendBackoffice = (reply: FastifyReply) => {
    // Staff screens are for no search engine, and no cache between the staff and the server keeps them.
    reply.header('Cache-Control', REVALIDATE).header('X-Robots-Tag', 'noindex, nofollow');
    if (!hasBackoffice) return sendApiNotFound(reply, '/backoffice');
    return reply.sendFile(BACKOFFICE_INDEX, webDir);
  };
  if (hasWeb) {
    // More specific than the static plugin's "/*", which would refuse "/" as a directory.
    app.get('/', (req, reply) => sendIndex(req, reply));
    app.get('/backoffice/', (_req, reply) => sendBackoffice(reply));
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api') && !path.extname(url);
    if (hasWeb && isPage && BACKOFFICE_PAGE.test(url)) return sendBackoffice(reply);
    if (hasWeb && isPage) return sendIndex(req, reply);
    return sendApiNotFound(reply, url);
  });
}
