import { createHash } from 'node:crypto';
import { LANGUAGE_BOOT_SCRIPT } from '@core/prerender';
import { FORM_PAGE_PATHS } from './formPages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { DomainError } from '../errors';

/** The largest request body accepted anywhere (JSON only, so 64 KiB is plenty). */
export const BODY_LIMIT = 64 * 1024;

/**
 * Server-to-server calls: no browser, no Origin; each checks its signature instead. The bank's payment
 * callback, game providers' calls to the seamless wallet (and Hub88's, in its dialect), and the provider
 * clients' calls to the sandbox providers' wallet API.
 */
const ORIGIN_EXEMPT_ROUTES = new Set([
  '/api/v2/payments/callback',
  ...['session', 'balance', 'bet', 'win', 'rollback', 'end-round'].map(
    (call) => `/api/v2/wallet/:provider/${call}`,
  ),
  ...['user/balance', 'transaction/bet', 'transaction/win', 'transaction/rollback'].map(
    (call) => `/api/v2/hub88/:provider/${call}`,
  ),
  '/api/v2/sandbox/providers/:provider/transfers',
  '/api/v2/sandbox/providers/:provider/faults',
]);
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The one inline script of a pre-rendered page, allowed by its hash: no other inline script runs. */
const LANGUAGE_BOOT_HASH = `'sha256-${createHash('sha256').update(LANGUAGE_BOOT_SCRIPT).digest('base64')}'`;

const CSP = [
  "default-src 'self'",
  `script-src 'self' ${LANGUAGE_BOOT_HASH}`,
  // antd's CSS-in-JS injects <style> elements; this allows inline styles only, never inline scripts.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  // The in-app game view frames game pages of this origin (the sandbox game studio).
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Pages the site's own game view may frame: the same policy, with frame-ancestors 'self'. */
const FRAMEABLE_CSP = CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
const frameableReplies = new WeakSet<FastifyReply>();

/** Lets this reply's page be framed by the site itself (and nobody else). */
export function allowFramingBySite(reply: FastifyReply): void {
  frameableReplies.add(reply);
}

/** "http://localhost:80" → "http://localhost": origins compare without default ports. Null if malformed. */
function normalizeOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The origin this request was addressed to, e.g. "http://127.0.0.1:3000". */
export function ownOrigin(req: FastifyRequest, config: Pick<Config, 'https'>): string | null {
  const protocol = config.https ? 'https' : req.protocol;
  return normalizeOrigin(`${protocol}://${req.host}`);
}

/**
 * CSRF defence for a cookie-authenticated JSON API: a state-changing call must carry a JSON content type
 * (which a cross-site form cannot send without a CORS preflight) and come from our own or an allowed
 * origin. Returns the refusal, or null when the request may proceed.
 */
export function checkStateChangingRequest(req: FastifyRequest, config: Config): DomainError | null {
  const contentType = req.headers['content-type'];
  // The form pages' own posts (formPages.ts): form-encoded, as a browser posts a form; the Origin check
  // below and the session's form token still apply.
  const formPost =
    req.routeOptions.url !== undefined &&
    FORM_PAGE_PATHS.has(req.routeOptions.url) &&
    /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? '');
  if (!formPost && contentType === undefined) {
    // A body-less POST (logout, recheck) may omit the content type; anything with a body may not.
    const length = req.headers['content-length'];
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (hasBody) return new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send Content-Type: application/json');
  } else if (!formPost && !/^application\/json\s*(;|$)/i.test(contentType ?? '')) {
    return new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send Content-Type: application/json');
  }

  // Decided by the matched route, not the raw URL: "/%61pi/…" reaches the same route as "/api/…".
  if (req.routeOptions.url !== undefined && ORIGIN_EXEMPT_ROUTES.has(req.routeOptions.url)) return null;
  const allowed = new Set([ownOrigin(req, config), ...config.allowedOrigins.map(normalizeOrigin)]);
  allowed.delete(null);
  const origin = req.headers.origin;
  if (origin !== undefined) {
    return allowed.has(normalizeOrigin(origin)) ? null : forbidden();
  }
  // Browsers that omit Origin still send Fetch Metadata; "none" is a user-initiated navigation.
  const site = req.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return null;
  const referer = req.headers.referer;
  // A malformed Referer normalizes to null, which is never allowed.
  if (referer && allowed.has(normalizeOrigin(referer))) return null;
  return forbidden();
}

function forbidden(): DomainError {
  return new DomainError('FORBIDDEN_ORIGIN', 'This request must come from the site itself');
}

/**
 * Request safety as plain hooks: the CSRF checks above, the JSON body parser, and the security
 * headers every response carries.
 */
export function registerSecurity(app: FastifyInstance, config: Config): void {
  // Fastify's own secure parser (refuses __proto__ and constructor.prototype keys), wrapped so an empty
  // body means "no body" and the raw text stays available for HMAC checks (payment callback).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (req, body, done) => {
      const text = body as string;
      req.rawBody = text;
      if (text === '') {
        done(null, undefined);
        return;
      }
      // PostgreSQL text cannot hold NUL: refuse it here as bad input instead of failing later as a 500.
      if (text.includes('\\u0000') || text.includes('\u0000')) {
        done(new DomainError('VALIDATION_ERROR', 'Text must not contain NUL characters'), undefined);
        return;
      }
      parseJson(req, text, done);
    },
  );

  // Every state-changing request, whatever its path: only the API has such routes, and matching on the
  // raw URL could be dodged with an encoded or doubled path.
  app.addHook('onRequest', async (req) => {
    if (!UNSAFE_METHODS.has(req.method)) return;
    const refusal = checkStateChangingRequest(req, config);
    if (refusal) {
      req.log.warn(
        { origin: req.headers.origin, contentType: req.headers['content-type'], code: refusal.code },
        'refused request',
      );
      throw refusal;
    }
  });

  // CORS only for configured origins (e.g. a separately hosted web app): credentials allowed, and the
  // preflight names exactly the methods and headers the contract uses. Anyone else gets no CORS headers,
  // so their browser keeps our responses from them.
  const corsOrigins = new Set(
    config.allowedOrigins.map(normalizeOrigin).filter((o): o is string => o !== null),
  );
  const corsOriginOf = (req: FastifyRequest): string | null => {
    const origin = req.headers.origin;
    const normalized = origin ? normalizeOrigin(origin) : null;
    return normalized && corsOrigins.has(normalized) ? origin! : null;
  };
  app.options('/api/*', async (req, reply) => {
    const origin = corsOriginOf(req);
    if (!origin) return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    reply
      .header('Access-Control-Allow-Methods', 'GET, POST')
      .header('Access-Control-Allow-Headers', 'Content-Type, Idempotency-Key, X-Fingerprint')
      .header('Access-Control-Max-Age', '600');
    return reply.code(204).send();
  });

  app.addHook('onSend', async (req, reply) => {
    const isApi = (req.routeOptions.url ?? req.url).startsWith('/api/');
    if (isApi) {
      const corsOrigin = corsOriginOf(req);
      const vary = reply.getHeader('Vary');
      reply.header('Vary', vary ? `${String(vary)}, Origin` : 'Origin');
      if (corsOrigin) {
        reply.header('Access-Control-Allow-Origin', corsOrigin);
        reply.header('Access-Control-Allow-Credentials', 'true');
      }
    }
    const frameable = frameableReplies.has(reply);
    reply.header('Content-Security-Policy', frameable ? FRAMEABLE_CSP : CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!frameable) reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('x-request-id', req.id);
    if (config.https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // API answers are per-player: never cache them in shared caches or the browser's back/forward cache.
    if (isApi && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
}
