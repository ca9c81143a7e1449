import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { ORDER_EVENTS_CHANNEL, parseOrderChange } from '../domain/ledger/orderEvents';
import { parseStaffEvent, STAFF_EVENTS_CHANNEL, type StaffEvent } from '../domain/ledger/staffEvents';
import { staffSessionTimeLeft } from '../domain/staff/staffSessions';
import { hashToken } from '../domain/players/sessions';
import { DomainError } from '../errors';
import { MAX_STREAMS_PER_SESSION } from './events';
import { holdWhileSessionLives, openEventStream, PING_MS } from './eventStream';
import { staffToken } from './staffAuth';
import type { ContractRequest, SomeHandlers } from './types';

type Listener = (event: StaffEvent) => void;

/** An order's kind, from its code (D… a deposit, W… a withdrawal). */
const kindOf = (code: string) => (code.startsWith('W') ? 'WITHDRAW' : 'DEPOSIT');

/**
 * The back office's live events (streamStaffEvents): every order that changes (the players' own channel,
 * orderEvents.ts) or is created, and every unmatched bank payment (staffEvents.ts), named and nothing more.
 * One LISTEN for all the streams of this instance, started with the first. The stream never touches the
 * staff session: it ends when the session idles out or is ended (checked when it would expire and at each
 * ping), so an unattended screen still signs its member out after 15 minutes.
 */
export class StaffEventStreams {
  private readonly listeners = new Set<Listener>();
  private readonly perSession = new Map<string, number>();
  private readonly open = new Set<() => void>();
  private listening: Promise<() => Promise<void>> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly pingMs: number,
  ) {}

  private async listen(): Promise<void> {
    this.listening ??= this.ctx.db.listen(
      [ORDER_EVENTS_CHANNEL, STAFF_EVENTS_CHANNEL],
      (channel, payload) => {
        const event: StaffEvent | undefined =
          channel === STAFF_EVENTS_CHANNEL
            ? parseStaffEvent(payload)
            : ((change) => change && { event: 'order', code: change.code })(parseOrderChange(payload));
        if (event) for (const listener of this.listeners) listener(event);
      },
    );
    try {
      await this.listening;
    } catch (err) {
      this.listening = undefined; // the next stream tries again
      throw err;
    }
  }

  async stream(req: ContractRequest<'streamStaffEvents'>, reply: FastifyReply): Promise<void> {
    // The staff check (staffAuth.ts) let the request in: its token is a live session's.
    const token = staffToken(req)!;
    const key = hashToken(token);
    const held = this.perSession.get(key) ?? 0;
    if (held >= MAX_STREAMS_PER_SESSION)
      throw new DomainError('TOO_MANY_ATTEMPTS', 'Too many live pages open; close one and reload');
    this.perSession.set(key, held + 1);
    const res = reply.raw;
    let ended = false;
    let hijacked = false;
    let release = () => {};
    const send: Listener = (event) => {
      if (ended) return;
      const data =
        event.event === 'order'
          ? { code: event.code, kind: kindOf(event.code) }
          : event.event === 'review'
            ? { code: event.code }
            : { reference: event.reference };
      res.write(`event: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const end = () => {
      if (ended) return;
      ended = true;
      release();
      this.listeners.delete(send);
      this.open.delete(end);
      const left = (this.perSession.get(key) ?? 1) - 1;
      if (left > 0) this.perSession.set(key, left);
      else this.perSession.delete(key);
      if (hijacked && !res.writableEnded) res.end();
    };
    let timeLeft: number | null;
    try {
      await this.listen();
      this.listeners.add(send);
      timeLeft = await staffSessionTimeLeft(this.ctx.db, token);
    } catch (err) {
      end();
      throw err;
    }
    if (timeLeft === null) {
      end();
      throw new DomainError('UNAUTHORIZED', 'Sign in to the back office');
    }
    reply.hijack();
    hijacked = true;
    this.open.add(end);
    res.on('close', end);
    res.on('error', end);
    if (res.destroyed) return end();
    openEventStream(res, req.id);
    release = holdWhileSessionLives({
      res,
      timeLeft,
      read: () => staffSessionTimeLeft(this.ctx.db, token),
      pingMs: this.pingMs,
      isEnded: () => ended,
      end,
    });
  }

  /** Ends every stream (before the server closes) and stops listening. */
  async close(): Promise<void> {
    for (const end of [...this.open]) end();
    this.listeners.clear();
    const listening = this.listening;
    this.listening = undefined;
    const stop = await listening?.catch(() => undefined);
    await stop?.();
  }
}

export function registerStaffEvents(
  app: FastifyInstance,
  ctx: AppContext,
  options: { pingMs?: number } = {},
) {
  const streams = new StaffEventStreams(ctx, options.pingMs ?? PING_MS);
  app.decorate('staffEvents', streams);
  app.addHook('preClose', () => streams.close());
}

export const staffEventHandlers = {
  async streamStaffEvents(req, reply) {
    await req.server.staffEvents.stream(req, reply);
    return undefined;
  },
} satisfies SomeHandlers;

declare module 'fastify' {
  interface FastifyInstance {
    /** The back office's live event streams of this app (http/staffEvents.ts). */
    staffEvents: StaffEventStreams;
  }
}
