import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { bindContract, enforceResponseContract } from './contract/bind';
import { COMPRESSION } from './http/compression';
import { validatorCompiler } from './contract/validate';
import type { AppContext } from './context';
import { agencyHandlers } from './http/agency';
import { backofficeHandlers } from './http/backoffice';
import { sessionChecks } from './http/auth';
import { registerDocs } from './http/docs';
import { MAX_PARAM_LENGTH, registerErrorHandler } from './http/errorHandler';
import { eventHandlers, registerPlayerEvents } from './http/events';
import { registerStaffEvents, staffEventHandlers } from './http/staffEvents';
import { fingerprintHandlers } from './http/fingerprint';
import { registerHealth } from './http/health';
import { registerIdempotencyArrivals } from './http/moneyCall';
import { registerMetrics, type AppMetrics } from './http/metrics';
import { clientErrorHandler, frameworkErrorHandler } from './http/frameworkErrors';
import { moneyHandlers } from './http/moneyHandlers';
import { playerHandlers } from './http/players';
import { playerSessionHandlers } from './http/playerSession';
import { protectionHandlers } from './http/protection';
import { BODY_LIMIT, registerSecurity } from './http/security';
import { staffChecks } from './http/staffAuth';
import { registerStatic } from './http/static';
import type { HandlerMap } from './http/types';
import { walletHandlers } from './http/wallet';
import { hub88Checks, hub88Handlers } from './http/hub88';
import { walletChecks } from './http/walletAuth';
import { studioHandlers } from './sandbox/studio/handlers';
import { registerStudio } from './sandbox/studio/page';
import { studioWalletLink } from './sandbox/studio/walletLink';
import { loggerOptions } from './log';

/** Every handler of the contract, by operationId. */
export const allHandlers: HandlerMap = {
  ...agencyHandlers,
  ...fingerprintHandlers,
  ...playerHandlers,
  ...playerSessionHandlers,
  ...protectionHandlers,
  ...moneyHandlers,
  ...eventHandlers,
  ...studioHandlers,
  ...walletHandlers,
  ...hub88Handlers,
  ...backofficeHandlers,
  ...staffEventHandlers,
};

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

export interface BuildOptions {
  /** Check every contract response against openapi.yaml (tests turn this on; see enforceResponseContract). */
  enforceResponseContract?: boolean;
  /** Milliseconds between pings of the player's and staff's event streams (25 s; tests shorten it). */
  eventPingMs?: number;
}

/**
 * Builds the whole server for a context: security hooks, the contract's routes, docs and the web app.
 * Holds no state of its own: two apps on one database behave as one (sessions and throttling live there).
 */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(ctx.config),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // A caller's (or the proxy's) request id is kept when it looks like one, so logs correlate end to end.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // A path parameter of the contract is at most 100 characters, which percent-encoding can triple (a
    // provider reference's colons): the router lets such a one through to the contract's validation. A
    // longer one is refused by the router, 400 VALIDATION_ERROR like any other bad parameter.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Errors raised before any route runs, and bytes the HTTP parser refuses, answer in the contract's
    // error schema too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });

  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(app);
  // Registered before the security and compression hooks, so it sees the handler's plain JSON payload.
  if (options.enforceResponseContract) enforceResponseContract(app);
  registerSecurity(app, ctx.config);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, COMPRESSION);

  app.decorate('metrics', registerMetrics(app, ctx));
  registerHealth(app, ctx);
  registerIdempotencyArrivals(app);
  registerPlayerEvents(app, ctx, options.eventPingMs ? { pingMs: options.eventPingMs } : {});
  registerStaffEvents(app, ctx, options.eventPingMs ? { pingMs: options.eventPingMs } : {});
  bindContract(app, allHandlers, ctx, {
    player: sessionChecks(ctx),
    staff: staffChecks(ctx),
    wallet: walletChecks(ctx),
    hub88: hub88Checks(ctx),
  });
  registerDocs(app, ctx.config);
  registerStudio(app, ctx);
  await registerStatic(app, ctx);
  // Until main.ts points it at the listening address, the own sandbox providers are reached in process.
  if (ctx.adapters.providerLink.isOwnSandbox) ctx.adapters.providerLink.useInject((r) => app.inject(r));
  return app;
}

/** Once the server listens: the sandbox studio reaches the site's wallet at this origin, over real HTTP. */
export function useStudioOrigin(ctx: AppContext, origin: string): void {
  studioWalletLink(ctx).useOrigin(origin);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this app (http/metrics.ts). */
    metrics: AppMetrics;
  }
}
