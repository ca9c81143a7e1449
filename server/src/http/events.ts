import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { OrderEventHub } from '../domain/money/orderEventHub';
import type { Order } from '../domain/ledger/orders';
import { sessionTimeLeft } from '../domain/players/sessions';
import { DomainError } from '../errors';
import { holdWhileSessionLives, openEventStream, PING_MS } from './eventStream';
import type { ContractRequest, SomeHandlers } from './types';

/** Streams one session may hold open on this instance (a few tabs); more is refused with 429. */
export const MAX_STREAMS_PER_SESSION = 3;

/**
 * The player's live order events (streamPlayerEvents): a text/event-stream held open until the client
 * leaves, the session ends or the server closes. A session's end is heard at once from any instance (every
 * deletion of a session NOTIFYs, orderEventHub.ts); its timing out is checked when it would happen, and
 * the session again at each ping. Nothing is written after the session's end was heard. The response is
 * hijacked and written raw: nothing buffers it (compression leaves text/event-stream alone anyway), and
 * the security headers an API answer carries are written here.
 */
export class PlayerEventStreams {
  private readonly hub: OrderEventHub;
  private readonly perSession = new Map<string, number>();
  private readonly open = new Set<() => void>();

  constructor(
    private readonly ctx: AppContext,
    private readonly pingMs: number,
    log: FastifyInstance['log'],
  ) {
    this.hub = new OrderEventHub(ctx.db, (err) => log.error({ err }, 'order event not delivered'));
  }

  async stream(req: ContractRequest<'streamPlayerEvents'>, reply: FastifyReply): Promise<void> {
    const { sessionId, playerId } = req.session;
    const held = this.perSession.get(sessionId) ?? 0;
    if (held >= MAX_STREAMS_PER_SESSION)
      throw new DomainError('TOO_MANY_ATTEMPTS', 'Too many live pages open; close one and reload');
    this.perSession.set(sessionId, held + 1);
    const res = reply.raw;
    let ended = false;
    let hijacked = false;
    let unsubscribe = () => {};
    let unwatch = () => {};
    let release = () => {};
    const end = () => {
      if (ended) return;
      ended = true;
      release();
      unsubscribe();
      unwatch();
      this.open.delete(end);
      const left = (this.perSession.get(sessionId) ?? 1) - 1;
      if (left > 0) this.perSession.set(sessionId, left);
      else this.perSession.delete(sessionId);
      if (hijacked && !res.writableEnded) res.end();
    };
    let timeLeft: number | null;
    try {
      unsubscribe = await this.hub.subscribe(playerId, (order: Order) => {
        if (!ended) res.write(`event: order\ndata: ${JSON.stringify({ order })}\n\n`);
      });
      unwatch = await this.hub.watchSession(sessionId, end);
      // An end committed before the session was watched was not heard: read it once, now.
      timeLeft = await sessionTimeLeft(this.ctx.db, this.ctx.config, sessionId);
    } catch (err) {
      end();
      throw err;
    }
    if (ended || timeLeft === null) {
      end();
      throw new DomainError('UNAUTHORIZED', 'Sign in to continue');
    }
    reply.hijack();
    hijacked = true;
    this.open.add(end);
    res.on('close', end);
    res.on('error', end);
    // The client may have left while the database was being listened to.
    if (res.destroyed) {
      end();
      return;
    }
    openEventStream(res, req.id);
    release = holdWhileSessionLives({
      res,
      timeLeft,
      read: () => sessionTimeLeft(this.ctx.db, this.ctx.config, sessionId),
      pingMs: this.pingMs,
      isEnded: () => ended,
      end,
    });
  }

  /** Ends every stream (before the server closes, which waits for open responses) and stops listening. */
  async close(): Promise<void> {
    for (const end of [...this.open]) end();
    await this.hub.close();
  }
}

/** Registers the streams of this app; `pingMs` is shorter in tests. */
export function registerPlayerEvents(
  app: FastifyInstance,
  ctx: AppContext,
  options: { pingMs?: number } = {},
): void {
  const streams = new PlayerEventStreams(ctx, options.pingMs ?? PING_MS, app.log);
  app.decorate('playerEvents', streams);
  app.addHook('preClose', () => streams.close());
}

export const eventHandlers = {
  async streamPlayerEvents(req, reply) {
    await req.server.playerEvents.stream(req, reply);
    return undefined;
  },
} satisfies SomeHandlers;

declare module 'fastify' {
  interface FastifyInstance {
    /** The live order event streams of this app (http/events.ts). */
    playerEvents: PlayerEventStreams;
  }
}
