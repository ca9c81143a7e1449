import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ProviderCode } from '../adapters';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { findSession, type ActiveSession, type SessionReads } from '../domain/players/sessions';
import { DomainError } from '../errors';

/** Over HTTPS the `__Host-` prefix pins the cookie to this exact host, Secure, Path=/. */
export function sessionCookieName(config: Pick<Config, 'https'>): string {
  return config.https ? '__Host-sid' : 'sid';
}

export function sessionToken(req: FastifyRequest, config: Pick<Config, 'https'>): string | undefined {
  const value = req.cookies[sessionCookieName(config)];
  return value ? value : undefined;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.https,
    // The server enforces the absolute timeout; the browser may drop the cookie at the same time.
    maxAge: config.sessionAbsoluteHours * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.https,
  });
}

// One lookup per request even when several pieces of code ask; the cache lives on the request object.
const resolved = new WeakMap<FastifyRequest, Promise<ActiveSession | null>>();

/**
 * The live session of this request, or null when there is none (no cookie, expired, revoked, blocked).
 * `reads` (what the operation reads along with it) applies to the first lookup of the request.
 */
export function currentSession(
  req: FastifyRequest,
  ctx: AppContext,
  reads?: SessionReads,
): Promise<ActiveSession | null> {
  let found = resolved.get(req);
  if (!found) {
    const token = sessionToken(req, ctx.config);
    found = token ? findSession(ctx.db, ctx.config, token, reads) : Promise.resolve(null);
    resolved.set(req, found);
  }
  return found;
}

/**
 * What an operation's handler reads along with the session, in the session lookup's own statement: one
 * round trip instead of two on the hottest calls (the request's params are validated by then).
 */
export const SESSION_READS: Readonly<Partial<Record<string, (req: FastifyRequest) => SessionReads>>> = {
  getPlayerInfo: () => ({ bankAccounts: true }),
  listBankAccounts: () => ({ bankAccounts: true }),
  // Its info part is getPlayerInfo's answer.
  getPlayerSession: () => ({ bankAccounts: true }),
  getPlayerCredit: (req) => ({ bookedCreditAt: (req.params as { game: ProviderCode }).game }),
};

/**
 * The one check of the contract's security requirement, run before the handler of every operation that
 * requires a session (the binder attaches it): the request gets its session, or the answer is 401.
 * `reads`: the operation's entry of SESSION_READS.
 */
export function sessionHook(
  ctx: AppContext,
  reads?: (req: FastifyRequest) => SessionReads,
): preHandlerAsyncHookHandler {
  return async (req) => {
    const session = await currentSession(req, ctx, reads?.(req));
    if (!session) throw new DomainError('UNAUTHORIZED', 'Sign in to continue');
    req.session = session;
  };
}

/**
 * The session check of each operation, as the contract binder attaches them: one shared hook, and one of
 * its own for an operation that reads more along with its session (SESSION_READS).
 */
export function sessionChecks(ctx: AppContext): (operationId: string) => preHandlerAsyncHookHandler {
  const requireSession = sessionHook(ctx);
  return (operationId) => {
    const reads = SESSION_READS[operationId];
    return reads ? sessionHook(ctx, reads) : requireSession;
  };
}
